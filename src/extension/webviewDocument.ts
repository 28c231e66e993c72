import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';

/** What one webview page is made of; the document around it (CSP, nonce, script tag) is built here once. */
export interface WebviewDocument {
  webview: vscode.Webview;
  /** The page's language, for `<html lang>` (screen readers and CJK line breaking read it). */
  language: 'zh' | 'en';
  css: string;
  /** Everything inside `<body>`, already escaped by its renderer. */
  body: string;
  /** Attributes of `<body>`, already escaped. */
  bodyAttributes?: string;
  /** The bundled script to load (dist/webview/NAME); without it the page may run no script at all. */
  script?: { extensionUri: vscode.Uri; name: string };
}

/**
 * The HTML of a webview page: a fresh nonce per render, a CSP that allows only that nonce's style
 * and script (plus the webview's own resources for images and fonts), and the bundled script by
 * `asWebviewUri`. Every panel builds its page here, so none can loosen the policy by accident.
 */
export function webviewDocument(doc: WebviewDocument): string {
  const nonce = randomBytes(16).toString('base64');
  const source = doc.webview.cspSource;
  const csp = doc.script
    ? ["default-src 'none'", `img-src ${source}`, `style-src ${source} 'nonce-${nonce}'`, `font-src ${source}`, `script-src 'nonce-${nonce}'`]
    : ["default-src 'none'", `style-src 'nonce-${nonce}'`];
  const script = doc.script
    ? `\n<script type="module" nonce="${nonce}" src="${doc.webview.asWebviewUri(vscode.Uri.joinPath(doc.script.extensionUri, 'dist', 'webview', doc.script.name))}"></script>`
    : '';
  return `<!DOCTYPE html>
<html lang="${doc.language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp.join('; ')}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${nonce}">${doc.css}</style>
</head><body${doc.bodyAttributes ? ` ${doc.bodyAttributes}` : ''}>
${doc.body}${script}
</body></html>`;
}

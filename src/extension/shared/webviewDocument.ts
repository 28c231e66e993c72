import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';

/** What one webview page is made of; the document around it (CSP, nonce, script tag) is built here once. */
export interface WebviewDocument {
  webview: vscode.Webview;
  /** The page's language, for `<html lang>` (screen readers and CJK line breaking read it). */
  language: 'zh' | 'en';
  /** Inline CSS (allowed by the nonce). */
  css?: string;
  /** A stylesheet of the extension's media folder, linked (allowed as the webview's own resource). */
  stylesheet?: { extensionUri: vscode.Uri; name: string };
  /** Everything inside `<body>`, already escaped by its renderer. */
  body: string;
  /** Attributes of `<body>`, already escaped. */
  bodyAttributes?: string;
  /** Data for the script, as JSON in `<script type="application/json" id=…>` ("<" escaped, so the text cannot close the tag). */
  data?: { id: string; value: unknown };
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
  // A page with no script and no stylesheet of ours gets the tightest policy: its own nonce'd style only.
  const ownFiles = !!(doc.script || doc.stylesheet);
  const csp = [
    "default-src 'none'",
    ...(ownFiles ? [`img-src ${source}`, `font-src ${source}`] : []),
    `style-src ${ownFiles ? `${source} ` : ''}'nonce-${nonce}'`,
    ...(doc.script ? [`script-src 'nonce-${nonce}'`] : []),
  ];
  const data = doc.data
    ? `\n<script nonce="${nonce}" id="${doc.data.id}" type="application/json">${JSON.stringify(doc.data.value).replace(/</g, '\\u003c')}</script>`
    : '';
  const script = doc.script
    ? `${data}\n<script type="module" nonce="${nonce}" src="${doc.webview.asWebviewUri(vscode.Uri.joinPath(doc.script.extensionUri, 'dist', 'webview', doc.script.name))}"></script>`
    : '';
  const link = doc.stylesheet
    ? `\n<link rel="stylesheet" href="${doc.webview.asWebviewUri(vscode.Uri.joinPath(doc.stylesheet.extensionUri, 'media', doc.stylesheet.name))}">`
    : '';
  return `<!DOCTYPE html>
<html lang="${doc.language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp.join('; ')}">
<meta name="viewport" content="width=device-width, initial-scale=1">
${doc.css !== undefined ? `<style nonce="${nonce}">${doc.css}</style>` : ''}${link}
</head><body${doc.bodyAttributes ? ` ${doc.bodyAttributes}` : ''}>
${doc.body}${script}
</body></html>`;
}

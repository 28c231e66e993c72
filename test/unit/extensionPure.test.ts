// The extension's logic that needs no `vscode` (settings guard, VS Code LM conversion and errors,
// the fix buttons, the Ask panel's HTML, recording names), tested without an editor.
import { strict as assert } from 'node:assert';
import { guardedValue, boundedInteger } from '../../src/extension/shared/restrictedSetting';
import { lmError, pickModel, planMessages, readResponsePart, responseContent, SYSTEM_PREFIX, TOOL_ERROR_PREFIX } from '../../src/extension/engines/lmConvert';
import { engineProblem, fixAction } from '../../src/extension/engines/engineFix';
import { sanitizeHtml } from '../../src/extension/shared/safeHtml';
import { isRecordingName, suggestedRecordingName } from '../../src/extension/replays/recordingName';
import { LlmError } from '../../src/core/llm/provider';
import { SkillStepError } from '../../src/core/calls/callSkill';

describe('extension logic without vscode', () => {
  it('Restricted Mode reads only the user\'s value of a guarded setting, never the workspace\'s', () => {
    const inspected = { defaultValue: 'offline', globalValue: undefined, workspaceValue: 'anthropic', workspaceFolderValue: 'anthropic' };
    assert.equal(guardedValue(false, 'anthropic', inspected, 'offline'), 'offline');
    assert.equal(guardedValue(false, 'anthropic', { ...inspected, globalValue: 'openai-compatible' }, 'offline'), 'openai-compatible');
    assert.equal(guardedValue(true, 'anthropic', inspected, 'offline'), 'anthropic');
    assert.equal(guardedValue(false, undefined, { workspaceValue: 'http://evil.example' }, ''), '');
    assert.equal(guardedValue(true, 42, undefined, 'offline'), 'offline', 'a value of the wrong type counts as unset');
    assert.equal(boundedInteger(99, 6, 1, 32), 32);
    assert.equal(boundedInteger('7', 6, 1, 32), 6);
  });

  it('VS Code LM: the system text leads as a user message; tool calls and error results keep their ids', () => {
    const plans = planMessages({
      purpose: 'agent', maxTokens: 100,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'query_knowledge_base', input: { query: 'x' } }] },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: 'input_error: topK', isError: true }] },
      ],
    });
    assert.deepEqual(plans[0], { role: 'user', parts: [{ kind: 'text', text: `${SYSTEM_PREFIX}Be brief.` }] });
    assert.deepEqual(plans[2], { role: 'assistant', parts: [{ kind: 'toolCall', callId: 't1', name: 'query_knowledge_base', input: { query: 'x' } }] });
    assert.deepEqual(plans[3], { role: 'user', parts: [{ kind: 'toolResult', callId: 't1', text: `${TOOL_ERROR_PREFIX}input_error: topK` }] });
    const parts = [readResponsePart({ value: 'Look' }), readResponsePart({ callId: 'c', name: 'query_knowledge_base', input: { query: 'rag' } })].filter((p) => p !== undefined);
    const { content, stopReason } = responseContent(parts as never);
    assert.equal(stopReason, 'tool_use');
    assert.equal(content.length, 2);
  });

  it('VS Code LM: no model, an unknown model and a declined consent each say what to do', () => {
    assert.throws(() => pickModel([], ''), (e: unknown) => e instanceof LlmError && e.kind === 'config' && /Copilot/.test(e.message) && e.details.fix?.setting === 'interviewLens.engine');
    const models = [{ id: 'gpt-4o', family: 'gpt-4o', name: 'GPT-4o', vendor: 'copilot' }, { id: 'claude-x', family: 'claude', name: 'Claude', vendor: 'copilot' }];
    assert.equal(pickModel(models, '').id, 'gpt-4o');
    assert.equal(pickModel(models, 'CLAUDE').id, 'claude-x');
    assert.throws(() => pickModel(models, 'llama'), /Available: gpt-4o/);
    const declined = lmError({ name: 'LanguageModelError', code: 'NoPermissions', message: 'no' }, 'gpt-4o');
    assert.equal(declined.kind, 'auth');
    assert.match(declined.message, /choose Allow/);
    assert.equal(lmError(new Error('boom'), 'gpt-4o', true).kind, 'cancelled');
    assert.equal(lmError({ name: 'Canceled' }, 'gpt-4o').kind, 'bad_response', 'a model stopping on its own is not the user\'s cancel');
  });

  it('an engine problem becomes one message with a button: a key command, else a setting', () => {
    const key = engineProblem(new LlmError('config', 'No Anthropic API key is set', { fix: { command: 'interviewLens.setAnthropicApiKey', env: 'ANTHROPIC_API_KEY' } }));
    assert.deepEqual(fixAction(key!.fix), { kind: 'command', command: 'interviewLens.setAnthropicApiKey' });
    const step = engineProblem(new SkillStepError('analyze_content', { code: 'service_error', message: 'unreachable', fix: { setting: 'interviewLens.anthropic.baseUrl' } }));
    assert.deepEqual(fixAction(step!.fix), { kind: 'setting', setting: 'interviewLens.anthropic.baseUrl' });
    assert.equal(fixAction({ command: 'workbench.action.terminal.sendSequence' }), undefined, 'only our own commands become buttons');
    assert.equal(engineProblem(new LlmError('cancelled', 'cancelled')), undefined);
  });

  it('the Ask panel keeps only Markdown\'s HTML: scripts, handlers, images and javascript: links are text or gone', () => {
    const html = sanitizeHtml('<p>ok <strong>bold</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)" onclick="x()">l</a><a href="https://example.com">w</a><!-- c -->');
    const tags = [...html.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]);
    assert.deepEqual([...new Set(tags)].sort(), ['a', 'p', 'strong'], html);
    assert.ok(!/<[^>]*\bon\w+=/i.test(html) && !/href="javascript:/i.test(html), html);
    assert.match(html, /<p>ok <strong>bold<\/strong><\/p>/);
    assert.match(html, /&lt;script>/);
    assert.match(html, /<a href="https:\/\/example.com">w<\/a>/);
    assert.match(html, /<a>l<\/a>/);
  });

  it('a recording name comes from the file name and stays inside the recordings folder', () => {
    assert.equal(suggestedRecordingName('mock interview (1).md'), 'mock-interview-1');
    assert.equal(suggestedRecordingName('...'), 'recording');
    assert.ok(isRecordingName('run-2026.12'));
    assert.ok(!isRecordingName('../escape'));
    assert.ok(!isRecordingName('a/b'));
  });
});

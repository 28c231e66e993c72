// The CLI's usage text: every command and flag, printed by --help and after a usage error.
import { AUDIO_EXTENSIONS, DEFAULT_ANTHROPIC_MODEL, DEFAULT_REQUESTS_PER_MINUTE, FORMAT_CHOICES } from '../core';
import { REPLAY_USAGE } from './replayCommand';

export const USAGE = `Usage:
  interview-lens diagnose FILE [--json] [--html OUT] [--markdown OUT] [--engine E] [--record NAME] [--user ID] [--no-history] [--verbose]
                               [--report-language transcript|en|zh] [--compare-with ID|FILE]
                               [--format F] [--interviewer-label L]... [--candidate-label L]... [--swap-roles]
                               [--transcript-out OUT]   (audio files: where to save the labeled transcript)
  interview-lens split FILE --json [--format F] [--interviewer-label L]... [--candidate-label L]... [--swap-roles]
  interview-lens transcribe AUDIO [--out OUT] [--language auto|zh|en]
  interview-lens mcp [--engine E] [--allow-writes] [--trust]
                                                        an MCP server on stdio: the tools and the skills (see README)
  interview-lens mock [--dimension D]... [--difficulty easy|medium|hard]... [--count N] [--language zh|en] [--engine E]
                     [--resume | --new] [--no-follow-ups] [--no-history] [--json]
                                                        a mock interview in the terminal; end an answer with an empty line
  interview-lens ask "QUESTION" [--engine E] [--file FILE] [--max-steps N] [--record NAME] [--json] [--trust]
${REPLAY_USAGE}
  interview-lens skills list|validate [--json]          declarative skills: built-in, then ./skills and ./.interview-lens/skills
  interview-lens skills test [NAME] [--json] [--trust]   the skills' inline tests (tests: in skill.yaml), offline
  interview-lens skills export NAME [--out DIR]          as Anthropic's SKILL.md (what does not carry over is listed)
  interview-lens skills import PATH [--out DIR]          a SKILL.md (or its folder) as skills/NAME/skill.yaml
  interview-lens skills migrate [NAME] [--dry-run]      rewrites workspace skills written before the skill spec into its form
                                                        (as:/when: inside the parameters, the spec's parameter and input names)
  interview-lens skills show NAME [--json]              a skill's manifest details and its recent runs (runs, failures, median time)
  interview-lens run [SKILL|CHAIN] --input FILE|- [--dry-run] [--json] [--engine E] [--trust] [--record NAME]
                     [--hint "…"] [--explain-route]
                                                        routes to a skill when none is named (--explain-route says which step chose
                                                        it and why); --hint gives the skill extra instructions (input.hints);
                                                        --dry-run writes nothing;
                                                        a workspace skill's script (run.ts) runs only with --trust;
                                                        FILE may be a web address, an image or a recording
  interview-lens records [KIND] [--json]                what skills wrote: companies, positions, people, notes, … (~/.interview-lens/records.sqlite)
--engine: offline (default; INTERVIEW_LENS_ENGINE sets another default), anthropic, openai-compatible.
  anthropic: ANTHROPIC_API_KEY, optional ANTHROPIC_BASE_URL (a gateway) and INTERVIEW_LENS_ANTHROPIC_MODEL (default ${DEFAULT_ANTHROPIC_MODEL}).
  openai-compatible: INTERVIEW_LENS_OPENAI_ENDPOINT (e.g. http://localhost:11434/v1), INTERVIEW_LENS_OPENAI_MODEL, optional INTERVIEW_LENS_OPENAI_API_KEY.
  Tuning: INTERVIEW_LENS_LLM_CONCURRENCY (6), INTERVIEW_LENS_LLM_RPM (${DEFAULT_REQUESTS_PER_MINUTE}), INTERVIEW_LENS_LLM_TIMEOUT_S (60),
  INTERVIEW_LENS_PRICE_INPUT / _OUTPUT (USD per million tokens, when the list price is wrong or unknown).
--record NAME: record every model and tool call of the run to .interview-lens/recordings/NAME.jsonl (replay it with "replay").
ask: a request a skill matches runs that skill (offline too); anything else needs a model (agent mode: the model uses the tools).
FILE: labeled text, raw dialogue, .srt, .vtt, Whisper / whisper.cpp JSON, Otter or Feishu text, or audio (${AUDIO_EXTENSIONS.join(' ')}).
--format: ${FORMAT_CHOICES.join(', ')} (default auto).
--report-language: the language the report is written in; transcript (default) follows the transcript, en or zh write it all
  in that language (knowledge-base text too; what was said is quoted as spoken).
--compare-with: a report is compared with the latest earlier run of the same interview (none: "Not compared"); this compares
  it with another report instead: its ID (the "id" of diagnose --json) or a transcript FILE diagnosed before (its latest report).
Audio needs speech-to-text: INTERVIEW_LENS_WHISPER_CPP + INTERVIEW_LENS_WHISPER_MODEL (local whisper.cpp),
  or INTERVIEW_LENS_STT_ENDPOINT (+ INTERVIEW_LENS_STT_API_KEY, INTERVIEW_LENS_STT_MODEL) for an OpenAI-compatible API.
Optional embeddings for retrieval: INTERVIEW_LENS_EMBEDDINGS_ENDPOINT (an OpenAI-compatible /v1 URL, e.g. a local Ollama)
  with INTERVIEW_LENS_EMBEDDINGS_MODEL and INTERVIEW_LENS_EMBEDDINGS_API_KEY; vectors are cached in embeddings.sqlite.
Exit codes: 0 success, 1 a failure (a skill run whose actions failed, an internal error), 2 bad input (with what to fix).
History: ~/.interview-lens/history.sqlite (set INTERVIEW_LENS_HOME to move it; INTERVIEW_LENS_HISTORY_MAX_MB caps its size, default 200).`;

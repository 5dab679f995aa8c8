/**
 * What each host accepts, stated once: one row per host id of config/compat.ts, each constraint with the sentence
 * it rests on, where that sentence is, and when mcpact read it (docs/compat.md renders the same table). A host has a
 * constraint here only where its own documentation, or a published file of its own repository, states it; a limit
 * known only from error messages or user reports is left out (docs/compat.md says which, and why).
 */
import type { HostId } from '../../config/compat.js';

/** Where a limit is stated. */
export interface Source {
  /** The documentation page, or the file of the host's own repository at a commit. */
  url: string;
  /** The sentence or value, verbatim. */
  quote: string;
  /** When mcpact read it (YYYY-MM-DD). */
  read: string;
  /** The date the page or the commit gives itself, when it gives one. */
  dated?: string;
}

export interface Limit {
  /**
   * The host degrades (drops, groups or asks the user to deselect) rather than refuses: its findings are
   * information, not warnings.
   */
  soft: boolean;
  source: Source;
}

export interface NameLimit extends Limit {
  maxLength: number;
  /** One character the host allows anywhere in a name. */
  allowed: RegExp;
  /** One character the host allows first, when it restricts the first one further. */
  first?: RegExp;
  /** The rule in words, as findings and docs state it. */
  rule: string;
}

export interface CountLimit extends Limit {
  max: number;
  /** What the host counts, in its own terms: "functions per request". */
  per: string;
}

export interface Host {
  /** The name findings use. */
  name: string;
  /** What the host id stands for. */
  scope: string;
  toolName?: NameLimit;
  toolCount?: CountLimit;
}

/** The day the sources below were read. */
const READ = '2026-12-06';

const OPENAI_SDK = 'https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf';
const GENAI_SDK = 'https://github.com/googleapis/js-genai/blob/6e9b35c45e21f0d37179a24d29dca01ebed698e6';

export const HOSTS: Readonly<Record<HostId, Host>> = {
  claude: {
    name: 'Claude',
    scope: 'the Claude API (Messages API tool definitions), which Claude apps and Claude Code send MCP tools through',
    toolName: {
      soft: false,
      maxLength: 128,
      allowed: /^[A-Za-z0-9_-]$/,
      rule: '1 to 128 characters of A-Z, a-z, 0-9, "_" and "-"',
      source: {
        url: 'https://platform.claude.com/docs/agents-and-tools/tool-use/define-tools',
        quote: 'The name of the tool. Must match the regex ^[a-zA-Z0-9_-]{1,128}$.',
        read: READ,
      },
    },
  },
  openai: {
    name: 'OpenAI',
    scope: 'the OpenAI API (Chat Completions function tools)',
    toolName: {
      soft: false,
      maxLength: 64,
      allowed: /^[A-Za-z0-9_-]$/,
      rule: '1 to 64 characters of A-Z, a-z, 0-9, "_" and "-"',
      source: {
        url: `${OPENAI_SDK}/src/resources/shared.ts`,
        quote: 'The name of the function to be called. Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64.',
        read: READ,
        dated: '2026-08-21',
      },
    },
    toolCount: {
      soft: false,
      max: 128,
      per: 'functions per request',
      source: {
        url: `${OPENAI_SDK}/src/resources/evals/runs/runs.ts`,
        quote:
          'A list of tools the model may call. Currently, only functions are supported as a tool. Use this to provide a list of functions the model may generate JSON inputs for. A max of 128 functions are supported.',
        read: READ,
        dated: '2026-08-21',
      },
    },
  },
  gemini: {
    name: 'Gemini',
    scope: 'the Gemini API (function declarations)',
    toolName: {
      soft: false,
      maxLength: 128,
      allowed: /^[A-Za-z0-9_.:-]$/,
      first: /^[A-Za-z_]$/,
      rule: '1 to 128 characters of A-Z, a-z, 0-9, "_", ".", ":" and "-", starting with a letter or "_"',
      source: {
        url: `${GENAI_SDK}/src/types.ts`,
        quote:
          'Required. The name of the function to call. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 128.',
        read: READ,
        dated: '2026-08-21',
      },
    },
    toolCount: {
      soft: false,
      max: 512,
      per: 'function declarations per request',
      source: { url: `${GENAI_SDK}/src/types.ts`, quote: 'Maximum 512 function declarations can be provided.', read: READ, dated: '2026-08-21' },
    },
  },
  vscode: {
    name: 'VS Code',
    scope: 'VS Code chat with agents (GitHub Copilot), which enables tools per chat request',
    toolCount: {
      // The same page offers the way out: deselect tools, or let virtual tools group them.
      soft: true,
      max: 128,
      per: 'tools enabled per chat request',
      source: {
        url: 'https://code.visualstudio.com/docs/copilot/agents/agent-tools',
        quote: 'A chat request can have a maximum of 128 tools enabled at a time.',
        read: READ,
        dated: '2026-08-19',
      },
    },
  },
};

/** The constraints a host may have, by the key of its row. */
export type Constraint = 'toolName' | 'toolCount';

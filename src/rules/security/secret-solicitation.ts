import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { asRecord } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import { excerpt, normalizedOf, surfaceTexts, unscannedNote } from './texts.js';

/** Parameter names that ask for a secret, after camelCase and kebab-case are folded to snake_case. */
const SECRET_NAME =
  /^(?:api_?key|x_api_key|secret|client_secret|secret_key|password|passwd|pwd|passphrase|pass_phrase|token|access_token|auth_token|bearer_token|refresh_token|session_token|private_key|priv_key|ssh_key|ssh_private_key|seed_phrase|mnemonic|mnemonic_phrase|recovery_phrase|secret_phrase|wallet_seed|wallet_key|credentials?|otp|totp|otp_code|two_factor_code|mfa_code|cvv|card_number|credit_card(?:_number)?)$/;

const SECRET_NOUN = String.raw`(?:api[\s_-]?key|password|passphrase|private\s+key|secret\s+key|seed\s+phrase|recovery\s+phrase|mnemonic|credentials|access\s+token|auth(?:entication)?\s+token|bearer\s+token|personal\s+access\s+token|2fa\s+code|otp|one[-\s]time\s+(?:code|password)|credit\s+card(?:\s+number)?|card\s+number|cvv|ssh\s+key|wallet\s+(?:seed|key))`;
/** "provide your password": an order to hand over a secret, anywhere. */
const ASK = new RegExp(
  String.raw`\b(?:enter|provide|paste|supply|give|input|type|share|send|include|tell\s+me)\s+(?:me\s+)?(?:your|the\s+user'?s|their)\s+(?:own\s+|full\s+|\w+\s+)?${SECRET_NOUN}\b`,
  'i',
);
/** "Your OpenAI API key": a field that is the user's secret, in a parameter or argument description. */
const YOUR = new RegExp(String.raw`^\W*(?:the\s+user'?s|your)\s+(?:[\w.-]+\s+){0,2}${SECRET_NOUN}\b`, 'i');

/**
 * A name that asks for the contents of a private file (`contents_of_slash_etc_slash_passwd_for_locale_detection`, read
 * from aminrj-labs/mcp-attack-labs): the request spelled in the name, under a description that says nothing of it.
 * Both a word of contents and the file must be words of the name, so `ssh_key_path` and `known_hosts_file` pass.
 */
const CONTENTS_WORD = /(?:^|_)(?:contents?|text|data|dump|body)(?:_|$)/;
const PRIVATE_FILE_WORD =
  /(?:^|_)(?:passwd|shadow|id_rsa|id_ed25519|id_ecdsa|ssh_(?:private_)?key|bash_history|zsh_history|known_hosts|aws_credentials|netrc|npmrc|pgpass|mcp_json)(?:_|$)/;

/** A password that is a value the tool works on, not a credential: the parameter names no more than a password. */
const PASSWORD_NAME = /^(?:password|passwd|pwd|passphrase|pass_phrase|new_password)$/;
/**
 * A tool whose own purpose is to put, take off or change a password on something (protect a document, encrypt a
 * file, change a password): its password parameter is the value it sets, not a secret that signs the server in.
 * Logging in is not such a purpose: there the password is a credential.
 */
const PASSWORD_PURPOSE = /\b(?:un)?protect\w*|\b(?:en|de)crypt\w*|\b(?:set|change|reset|update|rotate|generate)s?\b[^.\n]{0,40}\bpass(?:word|phrase)\b/i;

/**
 * A token named by a credential's qualifier ("access token", "API token", "GitHub token"): where the tool's own text
 * says so, a bare `token` parameter stays a secret, whatever else the text calls a token.
 */
const CREDENTIAL_TOKEN =
  /\b(?:access|auth\w*|api|bearer|refresh|session|oauth\d?|github|gitlab|slack|discord|telegram|bot|jwt|id|identity|security|secret|csrf|xsrf|sso|login|sign[\s-]?in|user|account|client|service|app|personal)[\s_-]+tokens?\b|\btokens?\s+(?:to|for|used\s+to)\s+(?:auth\w*|log\s*in|sign\s*in|access\s+the)/i;
/**
 * A token the tool's own text makes a handle into its own output, not a credential: a link, page, continuation or
 * ref token, or one "as it appeared in search results" (duckduckgo-mcp-server 0.7.0's `expand_link`: "a shortened
 * ref://<id> link token from search results").
 */
const HANDLE_TOKEN =
  /\b(?:link|url|page|pagination|paging|continuation|cursor|next|next[\s_-]page|ref|reference|resume|sync|delta|offset|result|search)[\s_-]+tokens?\b|\bref:\/\/\S*\s+(?:\w+\s+)?tokens?\b|\btokens?\s+of\s+the\s+(?:next\s+|previous\s+)?page\b|\btokens?\b[^.\n]{0,60}?\b(?:as\s+(?:it\s+)?appear(?:s|ed)|returned|listed|shown|given)\s+(?:in|by)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}(?:results?|responses?|output|call)\b/i;

/**
 * A tool whose name or first sentence says it writes records: it creates, registers, updates or manages them.
 * "stored" and "saved" describe what a tool reads ("Fetch a stored credential"); "stores" and "saves" what it writes.
 */
const WRITES_RECORDS = /\b(?:(?:create|add|register|update|edit|modify|manage|configure)[sd]?|stores?|saves?)\b/i;
/** The secret half of a pair (`client_secret`, `app_key`): the prefix names the thing the secret belongs to. */
const PAIRED_SECRET = /^([a-z0-9]+)_(?:secret|key|token|password)$/;
/** The identifier halves a record keeps beside such a secret. */
const IDENTIFIER_SUFFIXES = ['id', 'uuid', 'name'];

function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s.]+/g, '_')
    .toLowerCase();
}

/**
 * Why a secret-named parameter is what the tool works on, not a credential the server signs in with, if it is: the
 * tool's name makes the same noun its resource (`secrets_update_note` takes `secret`, the name of the secret whose
 * note it updates), or its name and first sentence say it puts, takes off or changes a password.
 */
function subjectOfTool(parameter: string, tool: Record<string, unknown> | undefined): string | undefined {
  const name = typeof tool?.name === 'string' ? snake(tool.name).slice(0, 200) : '';
  const words = `_${name}_`;
  if (words.includes(`_${parameter}_`) || words.includes(`_${parameter}s_`))
    return `the ${parameter.replace(/_/g, ' ')} the tool works on (its name: ${quote(tool?.name, 60)})`;
  if (!PASSWORD_NAME.test(parameter)) return undefined;
  const description = typeof tool?.description === 'string' ? tool.description.slice(0, 2000) : '';
  const first = description.split(/(?<=[.!?])\s|\n/)[0] ?? '';
  const purpose = `${name.replace(/_/g, ' ')}: ${first}`;
  return PASSWORD_PURPOSE.test(purpose) ? `a password the tool puts on or takes off its target (${quote(purpose, 80)})` : undefined;
}

/**
 * Why a paired secret is a field of the record the tool writes, if it is: the tool's name or first sentence says it
 * creates, updates or manages records, and beside `<x>_secret` the schema has the record's `<x>_id` (or `_uuid`,
 * `_name`) too (coolify-mcp 3.5.0's `github_apps`: "Manage GitHub Apps: list/get/create/update/…" takes `client_id`
 * and `client_secret` of the app it registers). A tool that signs in with a client id and secret names no such
 * purpose, and stays a warning.
 */
function recordField(parameter: string, tool: Record<string, unknown> | undefined, siblings: readonly string[]): string | undefined {
  const prefix = PAIRED_SECRET.exec(parameter)?.[1];
  if (prefix === undefined) return undefined;
  const identifier = IDENTIFIER_SUFFIXES.map((suffix) => `${prefix}_${suffix}`).find((name) => siblings.includes(name));
  if (identifier === undefined) return undefined;
  const name = typeof tool?.name === 'string' ? snake(tool.name).slice(0, 200).replace(/_/g, ' ') : '';
  const description = typeof tool?.description === 'string' ? tool.description.slice(0, 2000) : '';
  const purpose = `${name}: ${description.split(/(?<=[.!?])\s|\n/)[0] ?? ''}`;
  if (!WRITES_RECORDS.test(purpose)) return undefined;
  return `the ${parameter.replace(/_/g, ' ')} of the record the tool writes, beside its ${quote(identifier, 60)} (${quote(purpose, 80)})`;
}

/** A principal or a shared item: a record that others sign in to or open with the password the tool gives it. */
const RECORD_WITH_PASSWORD = String.raw`(?:users?|roles?|members?|accounts?|sends?|shares?|links?|invitees?|guests?|employees?|students?|customers?|credentials?)`;
const RECORD_IN_NAME = new RegExp(String.raw`(?:^|_)${RECORD_WITH_PASSWORD}(?:_|$)`);
/** "Password for the user", "the user's password", "Access password for the Send", "New access password". */
const RECORD_PASSWORD = new RegExp(
  String.raw`\b(?:password|passphrase)\s+(?:for|of)\s+(?:the\s+|this\s+|a\s+|an\s+|new\s+)?(?:[\w-]+\s+)?${RECORD_WITH_PASSWORD}\b|\b${RECORD_WITH_PASSWORD}'s\s+(?:new\s+)?password\b|\bnew\s+(?:access\s+)?password\b`,
  'i',
);
/** Signing in: there the password is a credential, whatever record the tool then touches. */
const SIGNS_IN = /\b(?:log\s*in|login|logon|sign\s*in|signin|authenticat\w*|connect\w*|sessions?)\b/i;

/**
 * Why a password parameter is one the tool gives a record it creates or changes, if it is: the tool's name or first
 * sentence says it writes records, and the record is a principal or a shared item, named in the tool's name or by
 * the parameter's description (bitwarden's `create_file_send`, "Access password for the Send"; a database server's
 * `pg_manage_users`, "Password for the user"; metabase's `create_user`, "User's password"). A tool that signs in
 * names no such record, and stays a warning.
 */
function recordPassword(parameter: string, tool: Record<string, unknown> | undefined, property: Record<string, unknown> | undefined): string | undefined {
  if (!PASSWORD_NAME.test(parameter)) return undefined;
  const name = typeof tool?.name === 'string' ? snake(tool.name).slice(0, 200) : '';
  const description = typeof tool?.description === 'string' ? tool.description.slice(0, 2000) : '';
  const purpose = `${name.replace(/_/g, ' ')}: ${description.split(/(?<=[.!?])\s|\n/)[0] ?? ''}`;
  if (!WRITES_RECORDS.test(purpose) || SIGNS_IN.test(purpose)) return undefined;
  const said = typeof property?.description === 'string' ? property.description.slice(0, 2000) : '';
  if (!RECORD_IN_NAME.test(name) && !RECORD_PASSWORD.test(said)) return undefined;
  return `the password of the record the tool writes (${quote(purpose, 80)})`;
}

/**
 * Why a bare `token` parameter is a handle, not a credential, if it is: the tool's own text (the parameter's
 * description, or the tool's) calls the token a link, page, continuation or ref token, or one the results handed
 * out, and nowhere a credential's ("access token", "API token").
 */
function handleToken(parameter: string, tool: Record<string, unknown> | undefined, property: Record<string, unknown> | undefined): string | undefined {
  if (parameter !== 'token') return undefined;
  const texts = [property?.description, tool?.description]
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.slice(0, 2000).replace(/\s+/g, ' '));
  if (texts.some((text) => CREDENTIAL_TOKEN.test(text))) return undefined;
  for (const text of texts) {
    const match = HANDLE_TOKEN.exec(text);
    if (match) return `a token the tool's own text makes a handle (${quote(match[0], 80)})`;
  }
  return undefined;
}

export const secretSolicitation = defineRule({
  id: 'security/secret-solicitation',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description: 'No parameter or description asks the model for an API key, password, token, private key or seed phrase.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'No parameter or description asks the model for an API key, password, token, private key or seed phrase: credentials belong in the configuration, not in the conversation. No sentence forbids a tool parameter that takes a secret.',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'basic/index#auth',
        quote:
          'Authentication and authorization are not currently part of the core MCP specification, but we are considering ways to introduce them in future.',
        note: 'No sentence forbids a tool parameter that takes a secret.',
      },
      {
        '2025-03-26': {
          quote:
            'Implementations using an HTTP-based transport SHOULD conform to this specification, whereas implementations using STDIO transport SHOULD NOT follow this specification, and instead retrieve credentials from the environment.',
          note: 'The closest sentence: where a server gets its credentials. No sentence forbids a tool parameter that takes a secret.',
        },
        '2025-06-18': {
          note: 'The closest sentence: where a server gets its credentials. No sentence forbids a tool parameter that takes a secret; from 2025-06-18, servers MUST NOT use elicitation to request sensitive information (client/elicitation).',
        },
        '2026-07-28': {
          note: 'The closest sentence: where a server gets its credentials. No sentence forbids a tool parameter that takes a secret; servers MUST NOT use form mode elicitation to request sensitive information (client/elicitation), and SHOULD NOT mark sensitive parameters with x-mcp-header (server/tools#x-mcp-header).',
        },
      },
    ),
  },
  docs:
    'A tool that takes a secret as an argument makes the model handle it: it lands in the conversation, in logs ' +
    'and in every tool call the model makes afterwards, and a malicious server uses exactly this to phish ' +
    'credentials. Reported: string parameters (and prompt arguments) named like a secret (`api_key`, `password`, ' +
    '`token`, `private_key`, `seed_phrase`, `mnemonic`, `credentials`, ...; `page_token`, `max_tokens` and the ' +
    'like are not secrets), names that ask for the contents of a private file (`contents_of_etc_passwd`, ' +
    '`id_rsa_text`; not `ssh_key_path`), parameter descriptions that start with "your ... API key", and any description that ' +
    'says "provide/enter/paste your password" (or key, token, seed phrase, card number). Servers should read ' +
    'credentials from their own configuration (environment, OAuth), never from the model. A parameter that is what ' +
    'the tool works on is not a credential, and is information: its noun is what the tool is named for (`secret` of ' +
    '`secrets_update_note`, the name of the secret whose note it updates), or it is a password of a tool whose name ' +
    'or first sentence says it puts, takes off or changes a password (protect or encrypt a document, change a ' +
    "password), or it is a bare `token` that the tool's own text (its description or the parameter's) makes a " +
    'handle: a link, page, continuation or ref token, or one "as it appeared in search results" (`expand_link` of ' +
    'duckduckgo-mcp-server takes "a ref://<id> token"), and nowhere a credential\'s (an access, API, auth, bearer, ' +
    'refresh, session, OAuth or GitHub token, which stays a warning), or it is the secret half of a pair ' +
    '(`client_secret` beside `client_id`, `_uuid` or `_name`) of a tool whose name or first sentence says it ' +
    'creates, updates or manages records (a GitHub App registered in a deployment tool): a field of the record it ' +
    'writes, or it is the password a tool that creates or changes records gives a principal or a shared item, named ' +
    'by the tool\'s name or the parameter\'s description (`create_user`, `pg_manage_users` "Password for the user", ' +
    'bitwarden\'s `create_file_send` "Access password for the Send"); a tool that logs in or connects gets no such ' +
    'excuse. Warning by default otherwise: ' +
    'a tool that logs in with a password is the case this rule is for; silence a justified one with ' +
    '`rules: { security/secret-solicitation: off }` under the server. Of a description longer than 65,536 ' +
    "characters only the first 65,536 are scanned (the rule's note says so).",
  check({ surface, cache, report, note }) {
    for (const item of items(surface, 'tools')) {
      const properties = asRecord(asRecord(item.record?.inputSchema)?.properties);
      const siblings = Object.keys(properties ?? {}).map(snake);
      for (const [name, raw] of Object.entries(properties ?? {})) {
        const property = asRecord(raw);
        const type = property?.type;
        if (type !== undefined && type !== 'string' && !(Array.isArray(type) && type.includes('string'))) continue;
        const file = CONTENTS_WORD.test(snake(name)) ? PRIVATE_FILE_WORD.exec(snake(name)) : null;
        if (file !== null) {
          report({
            message: `tool parameter ${quote(name, 60)} asks the model for the contents of a private file (${file[0].replace(/^_|_$/g, '')})`,
            location: itemLocation(surface, 'tools', item, pointer('inputSchema', 'properties', name)),
            data: { parameter: name, file: file[0].replace(/^_|_$/g, '') },
          });
          continue;
        }
        if (!SECRET_NAME.test(snake(name))) continue;
        const purpose =
          subjectOfTool(snake(name), item.record) ??
          handleToken(snake(name), item.record, property) ??
          recordField(snake(name), item.record, siblings) ??
          recordPassword(snake(name), item.record, property);
        report({
          message:
            purpose === undefined
              ? `tool parameter ${quote(name, 60)} asks the model for a secret`
              : `tool parameter ${quote(name, 60)} takes ${purpose}, not a credential of the server's`,
          location: itemLocation(surface, 'tools', item, pointer('inputSchema', 'properties', name)),
          data: { parameter: name, ...(purpose !== undefined && { purpose }) },
          // Perhaps still a secret of the user's in the conversation, but one the tool exists to work on: information.
          ...(purpose !== undefined && { lenient: true }),
        });
      }
    }
    for (const item of items(surface, 'prompts')) {
      if (!Array.isArray(item.record?.arguments)) continue;
      item.record.arguments.forEach((argument, index) => {
        const name = asRecord(argument)?.name;
        if (typeof name !== 'string' || !SECRET_NAME.test(snake(name))) return;
        report({
          message: `prompt argument ${quote(name, 60)} asks for a secret`,
          location: itemLocation(surface, 'prompts', item, pointer('arguments', index, 'name')),
          data: { argument: name },
        });
      });
    }
    const texts = surfaceTexts({ surface, cache }).filter((text) => text.field === 'description' || text.field === 'instructions');
    const unscanned = unscannedNote(texts);
    if (unscanned !== undefined) note(unscanned);
    for (const text of texts) {
      const normalized = normalizedOf(cache, text);
      const field = text.owner === 'parameter' || text.owner === 'prompt argument' ? YOUR.exec(normalized) : null;
      const match = ASK.exec(normalized) ?? field;
      if (!match) continue;
      const quoted = excerpt(normalized, match.index, match[0].length);
      report({
        message: `${text.owner} ${text.field} asks for a secret: "${quoted.slice(0, 80)}"`,
        location: text.location,
        data: { excerpt: quoted },
      });
    }
  },
});

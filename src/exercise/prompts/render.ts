/**
 * What a prompts/get result rendered: its messages, their roles, the text a model would read, and any way the
 * result breaks the schema (role, content blocks, base64, URIs).
 */
import { asRecord } from '../../util/json.js';
import { absoluteUriProblem } from '../../util/uri.js';

export interface Rendered {
  messages: unknown[];
  roles: string[];
  /** All text a model reads: text blocks and embedded text resources, joined by newlines. */
  text: string;
  /** The URIs of embedded resources and resource links: where a URI argument shows in the rendering. */
  references: string[];
  /**
   * Problems with the result's shape, each with a JSON Pointer into the result and, where the problem is a string
   * field's value (a URI, a role, a MIME type, base64 data), that value: it may be one mcpact sent.
   */
  problems: { pointer: string; message: string; value?: string }[];
  /** A canonical serialization, for determinism and golden comparisons. */
  canonical: string;
}

const ROLES = new Set(['user', 'assistant']);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function render(result: unknown): Rendered {
  const problems: Rendered['problems'] = [];
  const record = asRecord(result);
  const messages = Array.isArray(record?.messages) ? record.messages : [];
  if (!record) problems.push({ pointer: '', message: 'result is not an object' });
  else if (!Array.isArray(record.messages)) problems.push({ pointer: '/messages', message: 'result has no messages array' });
  else if (messages.length === 0) problems.push({ pointer: '/messages', message: 'result has no messages' });
  if (record?.description !== undefined && typeof record.description !== 'string') {
    problems.push({ pointer: '/description', message: 'description must be a string' });
  }
  const roles: string[] = [];
  const texts: string[] = [];
  const references: string[] = [];
  messages.forEach((raw, index) => {
    const at = `/messages/${index}`;
    const message = asRecord(raw);
    if (!message) return problems.push({ pointer: at, message: 'message is not an object' });
    roles.push(String(message.role));
    if (typeof message.role !== 'string' || !ROLES.has(message.role)) {
      problems.push({
        pointer: `${at}/role`,
        message: `role must be "user" or "assistant", got ${JSON.stringify(message.role)?.slice(0, 40)}`,
        ...stringValue(message.role),
      });
    }
    checkContent(message.content, `${at}/content`, problems, { texts, references });
  });
  return { messages, roles, text: texts.join('\n'), references, problems, canonical: JSON.stringify(messages) };
}

function checkContent(raw: unknown, at: string, problems: Rendered['problems'], { texts, references }: { texts: string[]; references: string[] }): void {
  const content = asRecord(raw);
  if (!content) return void problems.push({ pointer: at, message: 'content is not an object' });
  const bad = (field: string, message: string, value?: unknown): void => {
    problems.push({ pointer: `${at}/${field}`, message, ...stringValue(value) });
  };
  switch (content.type) {
    case 'text':
      if (typeof content.text !== 'string') bad('text', 'text content has no text string');
      else texts.push(content.text);
      return;
    case 'image':
    case 'audio':
      if (typeof content.data !== 'string' || !BASE64.test(content.data)) bad('data', `${content.type} data is not valid base64`, content.data);
      if (typeof content.mimeType !== 'string' || !content.mimeType.includes('/')) bad('mimeType', `${content.type} has no valid mimeType`, content.mimeType);
      return;
    case 'resource_link':
      if (typeof content.uri === 'string') references.push(content.uri);
      if (typeof content.uri !== 'string' || absoluteUriProblem(content.uri) !== undefined) bad('uri', 'resource_link has no valid uri', content.uri);
      if (typeof content.name !== 'string') bad('name', 'resource_link has no name');
      return;
    case 'resource': {
      const resource = asRecord(content.resource);
      if (!resource) return bad('resource', 'embedded resource is missing');
      if (typeof resource.uri === 'string') references.push(resource.uri);
      if (typeof resource.uri !== 'string' || absoluteUriProblem(resource.uri) !== undefined)
        bad('resource/uri', 'embedded resource has no valid uri', resource.uri);
      if (typeof resource.text === 'string') texts.push(resource.text);
      else if (typeof resource.blob === 'string') {
        if (!BASE64.test(resource.blob)) bad('resource/blob', 'embedded resource blob is not valid base64', resource.blob);
      } else bad('resource', 'embedded resource has neither text nor blob');
      return;
    }
    default:
      bad('type', `unknown content type ${JSON.stringify(content.type)?.slice(0, 40)}`);
  }
}

/** The offending value of a problem, when it is a string (the only kind mcpact sends as an argument). */
function stringValue(value: unknown): { value?: string } {
  return typeof value === 'string' ? { value } : {};
}

/**
 * RFC 6570 expansion of a parsed URI template with string values (section 3.2), for suite cases that read a
 * resource through a template: `demo://text/{id}` with `{ id: "1" }`. Lists and maps are not needed there, so a
 * value is always a string; a variable without a value is undefined and left out, as the RFC says.
 */
import type { Operator, TemplatePart } from './uri-template.js';
import { ownValue } from './json.js';

interface Behaviour {
  first: string;
  separator: string;
  named: boolean;
  /** Text after a named variable whose value is empty. */
  ifEmpty: string;
  /** Reserved characters pass through unencoded (operators + and #). */
  reserved: boolean;
}

const BEHAVIOUR: Record<Operator | '', Behaviour> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', reserved: false },
};

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

function encode(value: string, reserved: boolean): string {
  let out = '';
  const chars = [...value];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    if (UNRESERVED.test(char) || (reserved && RESERVED.test(char))) out += char;
    else if (reserved && char === '%' && /^[0-9A-Fa-f]{2}$/.test(chars.slice(index + 1, index + 3).join(''))) out += char;
    else out += encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

export function expandUriTemplate(parts: readonly TemplatePart[], values: Readonly<Record<string, string>>): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const behaviour = BEHAVIOUR[part.operator];
      const expanded: string[] = [];
      for (const variable of part.variables) {
        const raw = ownValue(values, variable.name);
        if (raw === undefined) continue;
        const value = variable.prefix === undefined ? raw : [...raw].slice(0, variable.prefix).join('');
        const encoded = encode(value, behaviour.reserved);
        if (!behaviour.named) expanded.push(encoded);
        else expanded.push(encoded === '' ? `${variable.name}${behaviour.ifEmpty}` : `${variable.name}=${encoded}`);
      }
      return expanded.length === 0 ? '' : behaviour.first + expanded.join(behaviour.separator);
    })
    .join('');
}

/** The variable names a parsed template uses, in order. */
export function templateVariables(parts: readonly TemplatePart[]): string[] {
  return parts.flatMap((part) => (typeof part === 'string' ? [] : part.variables.map((variable) => variable.name)));
}

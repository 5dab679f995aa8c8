/**
 * `WWW-Authenticate` read as RFC 9110 section 11.6.1 writes it: one or more challenges, each a scheme and either a
 * token68 or comma-separated `name=value` parameters (a token or a quoted string). The Bearer challenge carries
 * what sign-in needs: `resource_metadata` (RFC 9728 section 5.1), `scope` and `error` (RFC 6750 section 3).
 */
export interface Challenge {
  /** In lower case. */
  scheme: string;
  /** Parameter names in lower case; the value unquoted. */
  params: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*/;

/** Every challenge of a header value, in order; what cannot be read ends the list (what came before is kept). */
export function parseChallenges(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  let rest = header.slice(0, 8192);
  const skip = (pattern: RegExp) => (rest = rest.replace(pattern, ''));
  for (;;) {
    skip(/^[\s,]+/);
    const scheme = TOKEN.exec(rest)?.[0];
    if (scheme === undefined) return challenges;
    rest = rest.slice(scheme.length);
    const challenge: Challenge = { scheme: scheme.toLowerCase(), params: Object.create(null) as Record<string, string> };
    challenges.push(challenge);
    skip(/^ +/);
    // token68 (`Basic dXNlcg==`): a value followed by the end or a comma, not by `=value` as a parameter is.
    const token68 = TOKEN68.exec(rest)?.[0];
    if (token68 !== undefined && /^\s*(,|$)/.test(rest.slice(token68.length)) && !/^[^=]+=\s*[^\s=,]/.test(rest)) {
      rest = rest.slice(token68.length);
      continue;
    }
    for (;;) {
      skip(/^\s*/);
      const name = TOKEN.exec(rest)?.[0];
      if (name === undefined) break;
      const after = rest.slice(name.length).replace(/^\s*/, '');
      // A token not followed by `=` starts the next challenge.
      if (!after.startsWith('=')) break;
      rest = after.slice(1).replace(/^\s*/, '');
      let value: string;
      if (rest.startsWith('"')) {
        let index = 1;
        value = '';
        while (index < rest.length && rest[index] !== '"') {
          if (rest[index] === '\\' && index + 1 < rest.length) index++;
          value += rest[index];
          index++;
        }
        if (index >= rest.length) return challenges;
        rest = rest.slice(index + 1);
      } else {
        const token = TOKEN.exec(rest)?.[0];
        if (token === undefined) return challenges;
        value = token;
        rest = rest.slice(token.length);
      }
      challenge.params[name.toLowerCase()] = value;
      skip(/^\s*/);
      if (!rest.startsWith(',')) break;
      rest = rest.slice(1);
    }
  }
}

/** The Bearer challenge of a header value, when there is one. */
export function bearerChallenge(header: string | undefined): Challenge | undefined {
  if (header === undefined) return undefined;
  return parseChallenges(header).find((challenge) => challenge.scheme === 'bearer');
}

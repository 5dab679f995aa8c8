import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { isIsoDateTime } from '../../util/date-time.js';
import { asRecord, jsonType, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { asArray } from '../../util/shape.js';

const AUDIENCES: readonly unknown[] = ['user', 'assistant'];

export const resourceAnnotations = defineRule({
  id: 'schema/resource-annotations',
  family: 'schema',
  needs: ['resources', 'resourceTemplates'],
  description: 'Resource and template annotations have a valid audience, a priority from 0 to 1, and an ISO 8601 lastModified.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R7',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/resources#resource',
        quote: 'Annotated: @minimum 0 @maximum 1 priority?: number;',
        note: 'audience is `Role[]`; this revision has no lastModified.',
      },
      {
        '2025-03-26': { quote: 'Annotations: @minimum 0 @maximum 1 priority?: number;' },
        '2025-06-18': {
          section: 'schema#annotations',
          quote: 'Annotations: @minimum 0 @maximum 1 priority?: number; The moment the resource was last modified, as an ISO 8601 formatted string.',
          note: 'audience is `Role[]`, and Role is "user" | "assistant".',
        },
      },
    ),
  },
  docs:
    'Clients filter resources by `audience`, rank them by `priority` and sort them by `lastModified`; values of ' +
    'the wrong type break that or get the resource dropped. When a resource or resource template has ' +
    '`annotations`, it must be an object; `audience` is an array of "user" and "assistant", `priority` a number ' +
    'from 0 to 1 inclusive, and `lastModified` an ISO 8601 date-time such as `2025-01-12T15:00:58Z` (offsets like ' +
    '`+02:00` are fine). Send priorities as JSON numbers, not percentages or strings, and timestamps in ISO 8601, ' +
    'not epoch seconds or HTTP dates.',
  check({ surface, report }) {
    for (const kind of ['resources', 'resourceTemplates'] as const) {
      const noun = kind === 'resources' ? 'resource' : 'resource template';
      for (const item of items(surface, kind)) {
        if (!item.record || !Object.hasOwn(item.record, 'annotations')) continue;
        const at = (pointer: string) => itemLocation(surface, kind, item, `/annotations${pointer}`);
        const annotations = asRecord(item.record.annotations);
        if (!annotations) {
          report({ message: `${noun} annotations must be an object, got ${jsonType(item.record.annotations)}`, location: at('') });
          continue;
        }
        for (const problem of annotationProblems(annotations)) {
          report({ message: `${noun} annotations ${problem.message}`, location: at(problem.pointer), data: problem.data });
        }
      }
    }
  },
});

interface AnnotationProblem {
  message: string;
  /** Pointer inside `annotations`. */
  pointer: string;
  data: Record<string, unknown>;
}

function annotationProblems(annotations: JsonRecord): AnnotationProblem[] {
  const problems: AnnotationProblem[] = [];
  if (Object.hasOwn(annotations, 'audience')) {
    const audience = asArray(annotations.audience);
    if (!audience) {
      problems.push({
        message: `"audience" must be an array, got ${jsonType(annotations.audience)}`,
        pointer: '/audience',
        data: { field: 'audience' },
      });
    }
    audience?.forEach((entry, index) => {
      if (AUDIENCES.includes(entry)) return;
      problems.push({
        message: `"audience" entry ${quote(entry)} must be "user" or "assistant"`,
        pointer: `/audience/${index}`,
        data: { field: 'audience', value: entry },
      });
    });
  }
  if (Object.hasOwn(annotations, 'priority')) {
    const priority = annotations.priority;
    if (typeof priority !== 'number' || priority < 0 || priority > 1) {
      problems.push({
        message: `"priority" must be a number from 0 to 1, got ${quote(priority)}`,
        pointer: '/priority',
        data: { field: 'priority', value: priority },
      });
    }
  }
  if (Object.hasOwn(annotations, 'lastModified')) {
    const lastModified = annotations.lastModified;
    if (typeof lastModified !== 'string' || !isIsoDateTime(lastModified)) {
      problems.push({
        message: `"lastModified" must be an ISO 8601 date-time such as "2025-01-12T15:00:58Z", got ${quote(lastModified)}`,
        pointer: '/lastModified',
        data: { field: 'lastModified', value: lastModified },
      });
    }
  }
  return problems;
}

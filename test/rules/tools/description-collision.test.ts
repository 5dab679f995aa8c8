import { describe, expect, it } from 'vitest';
import { descriptionCollision } from '../../../src/rules/tools/description-collision.js';
import { runRuleOnFake, ruleTester } from '../../support/rule-tester.js';

const tool = (name: string, description: string, properties: string[], required: string[] = properties) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((key) => [key, { type: 'string' }])), required },
});

/**
 * One description template for the `get` of every entity, as boondmanager-mcp-server 2.15.2 words it (round D of
 * docs/verdict-truth.md): the entity in French, the names in English. The tools with a `tab` input share a sentence
 * on it, which three of them sharing makes boilerplate, so the rest reads as near-identical to the `get` without.
 */
const boondGet = (entity: string, plural: string, tab: string) =>
  tool(
    `boond_${plural}_get`,
    `Récupère la fiche complète d'un(e) ${entity} par son ID numérique.\n\nQuand : après un \`boond_${plural}_search\`, pour obtenir les attributs qui n'apparaissent pas dans le résumé de liste.\nPlutôt que : \`boond_${plural}_search\` si l'ID n'est pas connu (cet outil n'accepte pas de nom).\n\n${tab}- Un ID inconnu remonte l'erreur BoondManager telle quelle — l'ID doit venir de \`boond_${plural}_search\`, jamais d'une supposition.\n\nReturns : JSON de l'entité (attributs + relations) tel que renvoyé par l'API. Lecture seule.`,
    tab === '' ? ['id'] : ['id', 'tab'],
    ['id'],
  );
/** `of`: how the records with a `tab` are named after the absence's words ("demande" + " de candidat"). */
const boondGets = (tab: string, absence = "demande d'absence", of = (record: string) => record) => [
  boondGet(absence, 'absences', ''),
  boondGet(of('candidat'), 'candidates', tab),
  boondGet(of('société'), 'companies', tab),
  boondGet(of('contact'), 'contacts', tab),
];
const TAB =
  '- `tab` cible un onglet précis (`information`, `technical-data`, `administrative`, `actions`…) ; sans `tab`, seule la fiche de base est renvoyée, pas la réunion des onglets.\n';

ruleTester(descriptionCollision, {
  valid: [
    // @translated/lara-mcp 1.0.6 (round G): one word set, two things; "from a translation memory" is not "memory from".
    {
      name: 'the same words in another order, naming another thing',
      server: {
        tools: [
          tool('delete_memory', 'Deletes a translation memory from your Lara Translate account.', ['id']),
          tool('delete_translation', 'Deletes a translation from a translation memory in your Lara Translate account.', ['id', 'source', 'target', 'sentence']),
        ],
      },
    },
    {
      // boondmanager-mcp-server 2.15.2: the record in French, the tool in English.
      name: 'a family whose descriptions name the record in other words than the tool',
      server: {
        tools: [
          tool(
            'boond_products_create',
            "Crée un(e) produit dans BoondManager.\n\nQuand : pour ajouter un(e) produit inexistant(e).\nPlutôt que : `boond_products_update` pour modifier un enregistrement existant, et `boond_products_search` d'abord pour vérifier qu'il n'existe pas déjà.\n\n- Écriture réelle et non idempotente : deux appels identiques créent deux enregistrements (l'API ne déduplique pas).\n- Les ID de relations et les états/types sont des ID numériques BoondManager, à résoudre au préalable (recherches d'entités, `boond://dictionary/*`).\n\nReturns : confirmation, ID créé, et la fiche complète. `structuredContent.id` est réutilisable directement pour chaîner un appel.",
            ['name', 'reference', 'unitPrice', 'taxRate', 'state', 'note'],
            ['name'],
          ),
          tool(
            'boond_resources_create',
            "Crée un(e) ressource dans BoondManager.\n\nQuand : pour ajouter un(e) ressource inexistant(e).\nPlutôt que : `boond_resources_update` pour modifier un enregistrement existant, et `boond_resources_search` d'abord pour vérifier qu'il n'existe pas déjà.\n\n- Écriture réelle et non idempotente : deux appels identiques créent deux enregistrements (l'API ne déduplique pas).\n- Les ID de relations et les états/types sont des ID numériques BoondManager, à résoudre au préalable (recherches d'entités, `boond://dictionary/*`).\n\nReturns : confirmation, ID créé, et la fiche complète. `structuredContent.id` est réutilisable directement pour chaîner un appel.",
            ['firstName', 'lastName', 'email1', 'phone1', 'city', 'country', 'title', 'state', 'note'],
            ['firstName', 'lastName'],
          ),
        ],
      },
    },
    {
      name: 'a template shared by every entity, whose extra input each description names',
      // The others add words to the absence's, which is no family: what tells them apart is the input each names.
      server: { tools: boondGets(TAB, 'demande', (record) => `demande de ${record}`) },
    },
    {
      name: 'an ordinary family differs in the words of its names',
      server: {
        tools: [
          tool('list_users', 'List the users of the workspace, newest first, with paging.', ['cursor']),
          tool('list_projects', 'List the projects of the workspace, newest first, with paging.', ['cursor', 'archived']),
        ],
      },
    },
    {
      name: 'same description, same input shape',
      server: {
        tools: [tool('search', 'Search the knowledge base for pages.', ['query']), tool('search_v1', 'Search the knowledge base for pages.', ['query'])],
      },
    },
    {
      // @zereight/mcp-gitlab 2.1.64 appends one paragraph to every tool: compared with it, "Create a draft note for
      // a merge request." and "Create new group or subgroup." read as 0.92 alike.
      name: 'different first sentences under a paragraph every tool shares',
      server: {
        tools: ['Create a draft note for a merge request.', 'Create new group or subgroup.', 'Create a new project.', 'Add a new note to an issue.'].map(
          (first, index) =>
            tool(
              `tool_${index}`,
              `${first} Use this for a new resource or action; choose the corresponding update or edit tool when the resource already exists. It changes remote state and requires the necessary project or group permission; the server returns validation, conflict, permission, or rate-limit errors.`,
              [`input_${index}`],
            ),
        ),
      },
    },
    {
      name: 'different descriptions',
      server: {
        tools: [
          tool('read_file', 'Read a file from disk and return its text.', ['path']),
          tool('fetch_url', 'Download a web page and return it as markdown.', ['url']),
        ],
      },
    },
  ],
  invalid: [
    {
      // The same template, but the extra input is named nowhere: a model cannot learn it from the description.
      name: 'a template shared by every entity, whose extra input no description names',
      server: {
        // The others add words to the absence's ("demande de candidat"), which is no family: only the input tells.
        tools: boondGets('- Un onglet précis peut être choisi, ou la fiche de base seule.\n', 'demande', (record) => `demande de ${record}`),
      },
      findings: [
        {
          location: { kind: 'tool', name: 'boond_candidates_get', pointer: '/description' },
          message: 'is nearly the same as "boond_absences_get"\'s',
          count: 3,
        },
      ],
    },
    {
      // The shared paragraph left out, what the two say of themselves is the same.
      name: 'the same first sentence under a paragraph every tool shares',
      server: {
        tools: [
          ['search_pages', 'Search the knowledge base for pages.', ['query']],
          ['find_pages', 'Search the knowledge base for pages.', ['q', 'filters']],
          ['delete_page', 'Delete a page by its id.', ['id']],
        ].map(([name, first, properties]) =>
          tool(name as string, `${first as string} Requires the workspace permission. Errors come back as text.`, properties as string[]),
        ),
      },
      findings: [{ location: { kind: 'tool', name: 'find_pages', pointer: '/description' }, message: 'is the same as "search_pages"\'s' }],
    },
    {
      name: 'identical descriptions over different inputs',
      server: {
        tools: [
          tool('search', 'Search the knowledge base for pages.', ['query']),
          tool('find', 'Search the knowledge base for pages.', ['q', 'filters'], ['q']),
        ],
      },
      findings: [
        {
          location: { kind: 'tool', name: 'find', pointer: '/description' },
          message: 'is the same as "search"\'s (similarity 1.00)',
          data: { other: 'search', properties: ['filters', 'q'] },
        },
      ],
    },
    {
      name: 'near-identical descriptions over different inputs',
      server: {
        tools: [
          tool('create_ticket', 'Create a new support ticket in the helpdesk with a title, a body and an optional priority.', ['title', 'body']),
          tool('open_issue', 'Create a new support ticket in the helpdesk with a title, a body and a priority.', ['summary', 'details']),
        ],
      },
      findings: [{ location: { name: 'open_issue' }, message: /nearly the same as "create_ticket"'s \(similarity 0\.89\)/ }],
    },
  ],
});

describe('tools/description-collision at scale', () => {
  it('checks a few hundred tools with families and copies without comparing every pair', async () => {
    const tools = [];
    for (let index = 0; index < 300; index++) {
      tools.push(tool(`list_items_${index}`, `List the items of collection number ${index} with paging and filters.`, ['cursor']));
    }
    // 50 copies of one description, half with another input shape: each divergent copy is reported once, and the
    // 25 reports of that one cause are one finding standing for all 25 tools.
    for (let index = 0; index < 50; index++)
      tools.push(tool(`lookup_${index}`, 'Look up a customer record by its identifier.', index % 2 ? ['id'] : ['email']));
    const report = await runRuleOnFake(descriptionCollision, { tools, pageSize: 100 });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ count: 25, data: { other: 'lookup_0' } });
    expect(new Set(report.findings[0]!.locations!.map((location) => location.name)).size).toBe(25);
  });
});

import { promptArgumentCaseCollision } from './prompt-argument-case-collision.js';
import { promptArgumentRequiredExplicit } from './prompt-argument-required-explicit.js';
import { promptArgumentUnique } from './prompt-argument-unique.js';
import { promptDescription } from './prompt-description.js';
import { promptNameUnique } from './prompt-name-unique.js';
import { promptShape } from './prompt-shape.js';
import { resourceAnnotations } from './resource-annotations.js';
import { resourceMimeType } from './resource-mime-type.js';
import { resourceShape } from './resource-shape.js';
import { resourceTemplateShape } from './resource-template-shape.js';
import { resourceTemplateUri } from './resource-template-uri.js';
import { resourceUnique } from './resource-unique.js';
import { resourceUri } from './resource-uri.js';
import { toolAnnotations } from './tool-annotations.js';
import { toolDescription } from './tool-description.js';
import { toolInputSchema } from './tool-input-schema.js';
import { toolName } from './tool-name.js';
import { toolNameUnique } from './tool-name-unique.js';
import { toolOutputSchema } from './tool-output-schema.js';
import { toolShape } from './tool-shape.js';
import { toolXMcpHeader } from './tool-x-mcp-header.js';

export const schemaRules = [
  toolInputSchema,
  toolShape,
  toolName,
  toolNameUnique,
  toolDescription,
  toolOutputSchema,
  toolAnnotations,
  toolXMcpHeader,
  promptShape,
  promptNameUnique,
  promptDescription,
  promptArgumentUnique,
  promptArgumentCaseCollision,
  promptArgumentRequiredExplicit,
  resourceShape,
  resourceTemplateShape,
  resourceUri,
  resourceTemplateUri,
  resourceMimeType,
  resourceUnique,
  resourceAnnotations,
] as const;

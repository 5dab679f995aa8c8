import { toolInputSchema } from './tool-input-schema.js';

export const schemaRules = [toolInputSchema] as const;

import { toolCount } from './tool-count.js';
import { toolName } from './tool-name.js';

export const compatRules = [toolName, toolCount] as const;

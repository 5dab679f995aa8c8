import { annotationMismatch } from './annotation-mismatch.js';
import { hiddenUnicodeRule } from './hidden-unicode.js';
import { longDescription } from './long-description.js';
import { secretSolicitation } from './secret-solicitation.js';
import { toolPoisoning } from './tool-poisoning.js';
import { toolShadowing } from './tool-shadowing.js';
import { toolSteering } from './tool-steering.js';

export const securityRules = [toolPoisoning, hiddenUnicodeRule, toolSteering, secretSolicitation, annotationMismatch, longDescription, toolShadowing] as const;

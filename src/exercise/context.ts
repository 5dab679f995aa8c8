/** What exercising a server needs: its contract, the door to it, the user's options, and the run's shared work. */
import type { ServerSettings } from '../config/schema.js';
import type { Probe } from '../connect/probe.js';
import type { Surface } from '../surface/types.js';
import type { RunCache } from '../util/run-cache.js';

export interface ExerciseContext {
  surface: Surface;
  probe: Probe;
  settings: ServerSettings;
  /** One per server run (the engine's), so each call and each matrix is made once however many rules judge it. */
  cache: RunCache;
}

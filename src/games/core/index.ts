export * from './types.js';
export * from './options.js';
export * from './rng.js';
export * from './match.js';
export * from './selfplay.js';
export * from './scenario.js';

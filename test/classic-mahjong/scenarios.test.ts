/** Every worked example of classic-mahjong.md §14 and the rule scenarios, as scenario files. */
import { registerScenarioTests } from '../support/scenarios.js';
import { engine } from '../../src/games/classic-mahjong/index.js';

registerScenarioTests(engine);

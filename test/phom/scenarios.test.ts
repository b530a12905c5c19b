/** Every worked example of phom.md §14 as a scenario file (test/scenarios/phom/). */
import { registerScenarioTests } from '../support/scenarios.js';
import { engine } from '../../src/games/phom/index.js';

registerScenarioTests(engine);

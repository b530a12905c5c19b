import { engine } from '../../src/games/chan/index.js';
import { registerScenarioTests } from '../support/scenarios.js';

registerScenarioTests(engine);

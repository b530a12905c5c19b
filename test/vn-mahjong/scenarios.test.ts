import { registerScenarioTests } from '../support/scenarios.js';
import { engine } from '../../src/games/vn-mahjong/index.js';

registerScenarioTests(engine);

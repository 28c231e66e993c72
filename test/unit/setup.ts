// Root hook: the core needs sql.js (knowledge index, history) loaded once before createCore.
import { prepareCore } from '../../src/core/services';

export const mochaHooks = {
  async beforeAll(): Promise<void> {
    await prepareCore();
  },
};

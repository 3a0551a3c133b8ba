// jsdom without the Fetch API: react-router's data router builds a Request for every navigation.
// Hand the test window Node's own Fetch classes (and the AbortController they insist on).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['Request', 'Response', 'Headers', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal']) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;

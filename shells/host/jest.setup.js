// jsdom test files (`@jest-environment jsdom`) lack TextEncoder/TextDecoder, which react-router needs.
const { TextDecoder, TextEncoder } = require('node:util');

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;

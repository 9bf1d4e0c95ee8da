// Bun, CommonJS.
const { assembleContext, version } = require("ctxpack");
const input = require("./input.json");

console.log(JSON.stringify({ version: version(), context: assembleContext(input).context }));

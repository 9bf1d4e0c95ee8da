const a = 4, b = 2, g = 1;
const ratio = a / b / g;
const re = /\/}{/g;
if (ratio) /[}]/.test("}");
const t = `x ${a > b ? `${"}"}` : "{"} y`;
// class InComment {}
/* class InBlock { */
export class Parser {
  parse(s) {
    return s.split(/[{}]/).map((x) => x.length / 2);
  }
}
module.exports = class Named {
  static x = 1 << 2;
};
export default class {
  y = a <= b;
}

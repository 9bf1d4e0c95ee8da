import React from "react";

const id = <T,>(x: T) => x;
const wrap = <T extends unknown>(x: T) => <>{String(x)}</>;
const pick = <T = string>(x: T): T => x;
const keep = <const T,>(x: T) => x;

export class Panel extends React.Component<{ title: string }> {
  render() {
    return (
      <>
        <h2>{this.props.title}</h2>
        <Select<Opt> value={id(1)} onChange={(v) => keep(v)}>
          <React.Fragment key="a">{"{"}</React.Fragment>
        </Select>
      </>
    );
  }
}

export default class Page extends React.Component<{ n?: number }> {
  render() {
    const n = this.props.n;
    return <Panel title={n! < 3! ? "few" : "many"} />;
  }
}

type Opt = { value: number };
declare function Select<T>(p: { value: T; onChange: (v: T) => void; children?: React.ReactNode }): JSX.Element;

import React, { Fragment } from "react";

export default class Header extends React.Component {
  render() {
    return (
      <>
        <h1>{this.props.title}</h1>
        {this.props.sub ? <>Don't {"}"}</> : <i>none</i>}
      </>
    );
  }
}

class List extends React.Component {
  render() {
    const { items, open } = this.props;
    return open && <React.Fragment key="list">
      {items.map((i) => <Fragment key={i.id}><b>{i.name}</b>{" > "}</Fragment>)}
    </React.Fragment>;
  }
}

const Row = (p) => <><td>{p.a}</td><td>{p.b}</td></>;

const Field = (p) => (
  <input
    {...p}
    // the parent's value, not the field's
    /* a > b */
    value={p.value}
  />
);

let Base, Mixed = class extends Footer {};
Base = null, Base = class {};

export class Footer extends React.Component {
  label = () => (<>a &gt; b {/* } */}</>);
  render() {
    return this.props.hidden ? null : <footer>{this.label()}</footer>;
  }
}

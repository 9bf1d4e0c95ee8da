"use client";
import { useEffect, useState } from "react";

/** Writes `text` once hydrated; the page's check reads it. */
export function Hydrated({ text }: { text: string }) {
  const [shown, setShown] = useState("");
  useEffect(() => setShown(text), [text]);
  return <p id="hydrated">{shown}</p>;
}

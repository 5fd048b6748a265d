/** The mounted life of a component as an `AbortSignal`: calls it starts end when it unmounts. */
import { useEffect, useRef } from "react";

/**
 * A function giving the signal of the component's current mount, combined with `extra` when
 * given. React's strict mode mounts twice: each mount gets its own controller, so the first
 * unmount does not abort the second mount's calls.
 */
export function useLifetime(): (extra?: AbortSignal) => AbortSignal {
  const life = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    life.current = controller;
    return () => controller.abort();
  }, []);
  return (extra) => {
    // Before the first effect (a call from render): a controller for the mount to come.
    life.current ??= new AbortController();
    const own = life.current.signal;
    return extra ? AbortSignal.any([own, extra]) : own;
  };
}

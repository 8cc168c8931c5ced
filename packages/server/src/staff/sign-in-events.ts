import { EventEmitter } from 'node:events';

/**
 * What happened to a refused staff sign-in, for whoever counts them (a metrics counter): the
 * step, and why it was refused. Carries nothing typed by the person signing in.
 */
export interface SignInRefusal {
  step: 'password' | 'code' | 'setup';
  reason: 'invalid' | 'locked' | 'rate_limited' | 'busy';
}

const events = new EventEmitter();

/** Calls `listener` for every refused sign-in or set-up request; returns the way to stop. */
export function onSignInRefused(listener: (refusal: SignInRefusal) => void): () => void {
  events.on('refused', listener);
  return () => events.off('refused', listener);
}

export function signInRefused(refusal: SignInRefusal): void {
  events.emit('refused', refusal);
}

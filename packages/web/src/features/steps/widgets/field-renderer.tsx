import { createElement, use } from 'react';
import type { ReactNode } from 'react';
import type { FieldKind, ResolvedField } from '@broker/domain';
import { loadChunk } from '../../../lib/chunk-load';
import { trackPromise } from '../../../lib/router';

/** What a renderer gets besides the field: the question to show and whether it is the h1. */
export interface FieldContext {
  /** The visible question: the step heading for a one-question step, else the field's. */
  question: string;
  asHeading: boolean;
  hint: ReactNode;
}

export type FieldRenderer = (field: ResolvedField, context: FieldContext) => ReactNode;

interface RendererModule {
  default: FieldRenderer;
}

// One chunk per kind of widget, so a screen downloads only the widgets it shows (docs/design.md §5:
// the first screen, a radio question, must not carry the date-of-birth or slider code).
const LOADERS: Readonly<Record<FieldKind, () => Promise<RendererModule>>> = {
  text: () => import('./kinds/text'),
  postcode: () => import('./kinds/text'),
  number: () => import('./kinds/number'),
  email: () => import('./kinds/contact'),
  phone: () => import('./kinds/contact'),
  title: () => import('./kinds/choice'),
  radio: () => import('./kinds/choice'),
  dropdown: () => import('./kinds/dropdown'),
  checkbox: () => import('./kinds/checkbox'),
  slider: () => import('./kinds/slider'),
  yearsMonths: () => import('./kinds/years-months'),
  dateOfBirth: () => import('./kinds/date-of-birth'),
  address: () => import('./kinds/address'),
};

const loading = new Map<FieldKind, Promise<FieldRenderer>>();
const failed = new Set<FieldKind>();

function loadKind(kind: FieldKind): Promise<FieldRenderer> {
  let promise = loading.get(kind);
  if (!promise) {
    promise = trackPromise(loadChunk(LOADERS[kind]).then((module) => module.default));
    // A failure stays cached for rendering: React must see the same promise again while the
    // error shows. A new load of a screen (below) tries it again.
    promise.catch(() => failed.add(kind));
    loading.set(kind, promise);
  }
  return promise;
}

/**
 * Called with a step's screen chunk, so its widgets arrive together with it. A widget that
 * failed before (say, fetched ahead while the connection dropped) is fetched again.
 */
export function preloadFieldKinds(kinds: readonly FieldKind[]): Promise<unknown> {
  const unique = [...new Set(kinds)];
  for (const kind of unique) {
    if (failed.delete(kind)) loading.delete(kind);
  }
  return Promise.all(unique.map(loadKind));
}

function KindView({ field, context }: { field: ResolvedField; context: FieldContext }) {
  const render = use(loadKind(field.kind));
  return render(field, context);
}

/** The default widget for a field, by its kind (the journey's table decides the kind). */
export function renderField(field: ResolvedField, context: FieldContext): ReactNode {
  return createElement(KindView, { field, context });
}

import { notFound } from '@tanstack/react-router';

/** A numeric route id; anything else is the not-found page. */
export function parseIdParam(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw notFound();
  return Number(value);
}

import { notFound } from '@tanstack/react-router';
import { httpStatusOf } from '~/lib/trpc';

/** Loads a record for a detail page; a 404 from the server shows the not-found page. */
export async function loadOrNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (httpStatusOf(error) === 404) throw notFound();
    throw error;
  }
}

import { KNOWN_LANGS } from '@toolcards/protocol';

/**
 * Whether `lang` has a grammar. Each language protocol knows has one (grammar-loaders.test.ts):
 * the page needs the names only, not the loaders, whose grammar imports belong to the worker's bundle.
 */
export function hasGrammar(lang: string | undefined): lang is string {
  return lang !== undefined && KNOWN_LANGS.includes(lang);
}

// The search cards as one chunk: result-card.tsx fetches it with the page, beside the entry.
export { SearchMatchesCard } from './search-matches-card';
export { SearchPathsCard } from './search-paths-card';

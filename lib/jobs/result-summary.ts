// A job whose long array is stored in pages may keep, in its result body under this key, what its
// readers need of the whole array (counts, the page size) so they never scan the pages for it. It is
// the readers' business, not the protocol's: GET /v1/{kind}/jobs/:id leaves it out (jobs.ts), so the
// answer stays the body the synchronous call answers.
export const PAGED_SUMMARY_KEY = 'paged_summary';

import { type FullResultOutline, type FullResultPage, type SearchMeta } from '@toolcards/protocol';
/** What a request asked of a capped result: its outline, or one page. */
export type FullResultQuery = {
    kind: 'outline';
} | {
    kind: 'page';
    file: number | undefined;
    offset: number;
    limit: number;
};
export type FullResultAnswer = {
    ok: true;
    body: FullResultOutline | FullResultPage;
} | {
    ok: false;
    status: 400 | 404;
    code: 'BAD_REQUEST' | 'NO_FULL_RESULT';
    message: string;
};
/**
 * Serves capped searches' complete results from their spill files, read-only. The spill
 * path comes from the logged meta, so it is trusted only inside the session's own spill
 * folder, opened without following a symlink, and only as a regular file.
 */
export declare class FullResults {
    private readonly outlines;
    answer(spillDir: string, callId: string, meta: SearchMeta, query: FullResultQuery): Promise<FullResultAnswer>;
    private outlineOf;
}
/** `?file=&offset=&limit=` → a query; none of them → the outline. A malformed number is a message. */
export declare function fullResultQueryOf(params: URLSearchParams): FullResultQuery | string;

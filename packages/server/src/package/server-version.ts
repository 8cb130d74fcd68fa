import { PACKAGE_ROOT } from './package-root';

/** The toolcards package's version (sent in hello and /api/info, printed by --version). */
export const SERVER_VERSION: string = PACKAGE_ROOT?.version ?? '0.0.0';

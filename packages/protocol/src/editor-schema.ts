import { z } from 'zod';
import { EDITORS } from './editors';

export const editorSchema = z.enum(EDITORS);

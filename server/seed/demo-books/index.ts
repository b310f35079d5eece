/** The demo books, all written for Quire (no text here comes from another book). */
import { CATALOGUE_BOOKS } from './catalogue';
import { marmaladeFete } from './marmalade-fete';
import { smallWeathers } from './small-weathers';
import { theSaltOrchard } from './the-salt-orchard';
import { thePatientDraft } from './the-patient-draft';
import type { DemoBook } from './types';

export type { DemoBook } from './types';
export const DEMO_BOOKS: DemoBook[] = [theSaltOrchard, marmaladeFete, smallWeathers, thePatientDraft, ...CATALOGUE_BOOKS];

import type { AppContext } from '../context';

// TODO(helper): demo accounts and books.
export async function seedDemo(_ctx: AppContext) {}

/**
 * "Shared with me" in the main nav for someone without the author role who co-writes another
 * person's manuscript: otherwise only typing /editor would get them there. Read from the local
 * database (the collection holds only manuscripts this account may see), so it shows offline.
 */
import { NavLink } from 'react-router';
import { useLiveDocs } from '../../db/use-live-docs';

export function SharedWithMeLink() {
  const { docs } = useLiveDocs('manuscripts');
  if (docs.length === 0) return null;
  return <NavLink to="/editor">Shared with me</NavLink>;
}

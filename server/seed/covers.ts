/**
 * Generated SVG covers for the demo books: a palette, a simple geometric motif, the title and
 * the author, on a 1600×2560 canvas (the 1:1.6 ratio of ebook stores). Deterministic, so a
 * re-seed stores the same bytes under the same blob hash.
 */
type CoverMotif = 'orchard' | 'jars' | 'lines' | 'suns';

export interface CoverDesign {
  /** Background, ink (title and art), accent. */
  palette: [string, string, string];
  motif: CoverMotif;
  titleLines: string[];
  author: string;
}

const W = 1600;
const H = 2560;

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function orchard(ink: string, accent: string): string {
  const trees: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 5; col++) {
      const x = 260 + col * 270 + (row % 2) * 135;
      const y = 1180 + row * 210;
      if (x > 1400) continue;
      const fill = (row * 5 + col) % 7 === 3 ? accent : ink;
      trees.push(`<circle cx="${x}" cy="${y}" r="78" fill="${fill}" opacity="${row === 3 ? 0.45 : 0.9}"/>`);
      trees.push(`<rect x="${x - 6}" y="${y + 70}" width="12" height="60" fill="${ink}" opacity="0.6"/>`);
    }
  }
  const waves = [0, 1, 2]
    .map((i) => {
      const y = 2020 + i * 70;
      return `<path d="M0 ${y} Q200 ${y - 40} 400 ${y} T800 ${y} T1200 ${y} T1600 ${y}" fill="none" stroke="${ink}" stroke-width="10" opacity="${0.7 - i * 0.2}"/>`;
    })
    .join('');
  return trees.join('') + waves;
}

function jars(ink: string, accent: string): string {
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = 230 + i * 420;
    const h = 520 + (i === 1 ? 120 : 0);
    const y = 2080 - h;
    out.push(`<rect x="${x}" y="${y}" width="300" height="${h}" rx="60" fill="${ink}"/>`);
    out.push(`<rect x="${x - 20}" y="${y - 70}" width="340" height="90" rx="18" fill="${accent}"/>`);
    out.push(`<rect x="${x + 50}" y="${y + 160}" width="200" height="150" rx="10" fill="${accent}" opacity="0.9"/>`);
    out.push(`<circle cx="${x + 150}" cy="${y + 235}" r="42" fill="${ink}" opacity="0.85"/>`);
  }
  // A spoon, laid across the front: the weapon, or only the evidence.
  out.push(
    `<g transform="rotate(-18 800 2200)"><ellipse cx="470" cy="2200" rx="110" ry="60" fill="${accent}"/><rect x="570" y="2188" width="720" height="24" rx="12" fill="${accent}"/></g>`,
  );
  return out.join('');
}

function lines(ink: string, accent: string): string {
  const out: string[] = [];
  for (let y = 1150; y <= 2150; y += 90) {
    out.push(`<line x1="160" y1="${y}" x2="1440" y2="${y}" stroke="${ink}" stroke-width="6" opacity="0.25"/>`);
  }
  out.push(`<line x1="330" y1="1080" x2="330" y2="2220" stroke="${accent}" stroke-width="8"/>`);
  // Three drafted lines of increasing length: the draft growing day by day.
  [0, 1, 2].forEach((i) => {
    const y = 1150 + (i + 1) * 90 - 28;
    out.push(`<rect x="380" y="${y}" width="${360 + i * 300}" height="26" rx="13" fill="${ink}"/>`);
  });
  out.push(
    `<g transform="rotate(35 1150 1800)"><rect x="850" y="1770" width="640" height="70" fill="${ink}"/><polygon points="1490,1770 1590,1805 1490,1840" fill="${accent}"/><rect x="790" y="1770" width="60" height="70" fill="${accent}"/></g>`,
  );
  return out.join('');
}

function suns(ink: string, accent: string): string {
  const out: string[] = [];
  const cx = 800;
  const cy = 2100;
  [560, 450, 340, 230].forEach((r, i) => {
    out.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 === 0 ? accent : ink}" opacity="${0.35 + i * 0.2}"/>`);
  });
  out.push(`<rect x="0" y="${cy}" width="${W}" height="${H - cy}" fill="${ink}" opacity="0.12"/>`);
  for (let i = 0; i < 14; i++) {
    const x = 180 + ((i * 331) % 1240);
    const y = 1120 + ((i * 173) % 360);
    out.push(`<circle cx="${x}" cy="${y}" r="${10 + (i % 3) * 6}" fill="${ink}" opacity="0.7"/>`);
  }
  return out.join('');
}

const MOTIFS: Record<CoverMotif, (ink: string, accent: string) => string> = { orchard, jars, lines, suns };

export function renderCover(design: CoverDesign): string {
  const [bg, ink, accent] = design.palette;
  const longest = Math.max(...design.titleLines.map((l) => l.length));
  const size = Math.min(240, Math.floor(1360 / (longest * 0.5)));
  const title = design.titleLines.map((line, i) => `<text x="${W / 2}" y="${330 + size + i * size * 1.08}" text-anchor="middle">${esc(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(design.titleLines.join(' '))} by ${esc(design.author)}">
<rect width="${W}" height="${H}" fill="${bg}"/>
<rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="${ink}" stroke-width="4" opacity="0.35"/>
<g>${MOTIFS[design.motif](ink, accent)}</g>
<g font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700" fill="${ink}">${title}</g>
<line x1="700" y1="${360 + size * (design.titleLines.length + 0.3) * 1.08}" x2="900" y2="${360 + size * (design.titleLines.length + 0.3) * 1.08}" stroke="${accent}" stroke-width="12"/>
<rect x="0" y="2300" width="${W}" height="260" fill="${bg}" opacity="0.9"/>
<text x="${W / 2}" y="2420" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="${design.author.length > 24 ? 56 : 76}" letter-spacing="8" fill="${ink}">${esc(design.author.toUpperCase())}</text>
</svg>
`;
}

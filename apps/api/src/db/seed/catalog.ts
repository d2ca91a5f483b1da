import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CollectionSeason, MetalType } from '@mirror/contract';
import type { Db } from '../client';
import {
  categories,
  collectionProducts,
  collections,
  componentOptionals,
  components,
  products,
  searchTerms,
  type NewProductRow,
} from '../schema/index';
import type { StorageDriver } from '../../lib/storage/storage';
import type { PieceType } from '../../lib/imagery/render';
import { storeProductImages } from '../../lib/imagery/studio';

export { storeProductImages };
import { insertDesigner, insertVendor } from './parties';

type Piece = { category: string; pieceType: PieceType; nouns: string[] };
const PIECES: Piece[] = [
  { category: 'Rings', pieceType: 'RING', nouns: ['Ring', 'Band', 'Signet', 'Cocktail Ring'] },
  { category: 'Engagement Rings', pieceType: 'ENGAGEMENT_RING', nouns: ['Solitaire', 'Halo Ring', 'Trilogy Ring', 'Promise Ring'] },
  { category: 'Necklaces', pieceType: 'NECKLACE', nouns: ['Pendant', 'Rivière', 'Sautoir', 'Collier'] },
  { category: 'Earrings', pieceType: 'EARRINGS', nouns: ['Studs', 'Drops', 'Hoops', 'Chandeliers'] },
  { category: 'Bracelets', pieceType: 'BRACELET', nouns: ['Bangle', 'Tennis Bracelet', 'Cuff', 'Chain Bracelet'] },
  { category: 'High Jewelry', pieceType: 'HIGH_JEWELRY', nouns: ['Parure', 'Bib Necklace', 'Tiara', 'Brooch'] },
];

const COLLECTIONS: { name: string; year: number; season: CollectionSeason; featured: boolean; motif: string; description: string }[] = [
  { name: 'Aube de Givre', year: 2025, season: 'WINTER', featured: true, motif: 'Givre', description: 'Frost caught at first light: white gold and platinum traced with brilliant-cut diamonds, as crisp as a January morning on the Seine.' },
  { name: 'Jardin Suspendu', year: 2025, season: 'SPRING', featured: true, motif: 'Glycine', description: 'A hanging garden in bloom. Pink sapphires, tsavorites and rose gold gathered into petals that move with every gesture.' },
  { name: 'Riviera Solaire', year: 2024, season: 'SUMMER', featured: false, motif: 'Solaire', description: 'Sun on the Côte d’Azur: yellow gold warmed by citrines and golden beryls, cut to hold the light of late afternoon.' },
  { name: 'Nuit à l’Opéra', year: 2024, season: 'AUTUMN', featured: true, motif: 'Opéra', description: 'Velvet curtains, gilded balconies and the hush before the overture — sapphires and onyx set in platinum for evenings that matter.' },
  { name: 'Éclats de Fête', year: 2024, season: 'HOLIDAY', featured: false, motif: 'Éclat', description: 'Pieces made to be given: rubies, emeralds and diamonds in festive constellations, wrapped in the warmth of yellow gold.' },
  { name: 'Marée Haute', year: 2023, season: 'SUMMER', featured: false, motif: 'Marée', description: 'The tide as a drawing: aquamarines and pearls rolled in white gold, each line following the movement of the sea.' },
  { name: 'Forêt d’Émeraude', year: 2023, season: 'AUTUMN', featured: false, motif: 'Sylve', description: 'Colombian emeralds among gold leaves, a walk through an autumn forest where every clearing holds a gem.' },
  { name: 'Constellation Mirror', year: 2022, season: 'WINTER', featured: true, motif: 'Étoile', description: 'The house signature: diamonds scattered like a winter sky, set by hand so that every stone catches its own star.' },
  { name: 'Printemps Éternel', year: 2022, season: 'SPRING', featured: false, motif: 'Éternel', description: 'An endless spring in rose gold and morganite, pieces designed to be worn every day and passed on.' },
];

const STONES = [
  { type: 'Diamond', colour: 'D', cut: 'Brilliant', clarity: 'VVS1' },
  { type: 'Diamond', colour: 'F', cut: 'Oval', clarity: 'VS1' },
  { type: 'Diamond', colour: 'E', cut: 'Emerald', clarity: 'VVS2' },
  { type: 'Sapphire', colour: 'Royal Blue', cut: 'Cushion', clarity: 'Eye clean' },
  { type: 'Sapphire', colour: 'Pink', cut: 'Oval', clarity: 'Eye clean' },
  { type: 'Ruby', colour: 'Pigeon Blood', cut: 'Cushion', clarity: 'Eye clean' },
  { type: 'Emerald', colour: 'Vivid Green', cut: 'Emerald', clarity: 'Minor' },
  { type: 'Aquamarine', colour: 'Santa Maria Blue', cut: 'Pear', clarity: 'Eye clean' },
  { type: 'Morganite', colour: 'Peach', cut: 'Round', clarity: 'Eye clean' },
  { type: 'Pearl', colour: 'White', cut: 'Round', clarity: 'AAA' },
  { type: 'Citrine', colour: 'Golden', cut: 'Marquise', clarity: 'Eye clean' },
  null,
];
const METALS: MetalType[] = ['YELLOW_GOLD', 'WHITE_GOLD', 'ROSE_GOLD', 'PLATINUM', 'SILVER'];
const METAL_WORDS: Record<MetalType, string> = { YELLOW_GOLD: '18k yellow gold', WHITE_GOLD: '18k white gold', ROSE_GOLD: '18k rose gold', PLATINUM: 'platinum', SILVER: 'sterling silver' };
const GESTURES = [
  'Set by hand in our Paris atelier',
  'Polished over three days by a single artisan',
  'Finished with a mirror polish on every surface, seen and unseen',
  'Designed to sit close to the skin and catch light from every angle',
  'Each stone chosen one by one in our gemmology studio',
];

/** The configurator taxonomy under each category. */
const TAXONOMY: Record<string, Record<string, [string, number][]>> = {
  Rings: { Setting: [['Solitaire', 0], ['Halo', 120_000], ['Pavé', 85_000]], Band: [['Classic', 0], ['Knife Edge', 30_000], ['Twisted', 45_000]] },
  'Engagement Rings': { Setting: [['Solitaire', 0], ['Halo', 150_000], ['Trilogy', 240_000]], 'Centre Stone': [['Round Brilliant', 0], ['Oval', 0], ['Emerald Cut', 60_000]] },
  Necklaces: { Chain: [['Forçat', 0], ['Venetian', 25_000], ['Rope', 40_000]], Length: [['40 cm', 0], ['45 cm', 8_000], ['80 cm Sautoir', 60_000]] },
  Earrings: { Fastening: [['Push Back', 0], ['Screw Back', 12_000], ['Lever Back', 15_000]] },
  Bracelets: { Clasp: [['Box Clasp', 0], ['Hidden Clasp', 35_000]], Size: [['16 cm', 0], ['18 cm', 10_000]] },
  'High Jewelry': { Presentation: [['Atelier Case', 0], ['Lacquered Coffret', 180_000]] },
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export interface SeedCatalogOptions {
  vendorUserId: string;
  designerUserId: string;
  storage?: StorageDriver | undefined;
  log?: (msg: string) => void;
}

/** The demo catalogue: vendors, designers, taxonomy, 9 collections and 80 pieces with rendered imagery. */
export async function seedCatalog(db: Db, { vendorUserId, designerUserId, storage, log = () => {} }: SeedCatalogOptions): Promise<void> {
  const random = rng(20250101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  const house = await insertVendor(db, { code: 'MIR-ATL', name: 'Mirror Atelier Paris', userId: vendorUserId, country: 'FR', type: 'ATELIER', email: 'atelier@mirror.example', description: 'The house workshop on rue de la Paix.', isVerified: true, isFeatured: true });
  const others = [
    await insertVendor(db, { code: 'VAL-ORO', name: 'Valenza Orafi', country: 'IT', type: 'MANUFACTURER', description: 'Goldsmiths in Valenza since 1921.', isVerified: true }),
    await insertVendor(db, { code: 'ANT-GEM', name: 'Antwerp Gem House', country: 'BE', type: 'GEMSTONE_SUPPLIER', description: 'Certified diamonds from the Antwerp bourse.', isVerified: true }),
    await insertVendor(db, { code: 'GEN-HJ', name: 'Maison Genève Haute Joaillerie', country: 'CH', type: 'ATELIER', description: 'High jewelry setters on the Quai du Mont-Blanc.' }),
  ];
  const vendorIds = [house.id, house.id, ...others.map((v) => v.id)];
  const designerRows = [
    await insertDesigner(db, { code: 'AOK', displayName: 'Amara Okafor', userId: designerUserId, specialty: 'High jewelry', bio: 'Sculptural high jewelry drawn from West African textiles and Parisian ironwork.', isVerified: true, isFeatured: true }),
    await insertDesigner(db, { code: 'LDU', displayName: 'Louis Duval', specialty: 'Engagement rings', bio: 'Thirty years of solitaires.', isVerified: true }),
    await insertDesigner(db, { code: 'MSA', displayName: 'Mei Sato', specialty: 'Coloured gemstones', bio: 'Colour studies in sapphire and spinel.' }),
  ];

  const categoryIds = new Map<string, string>();
  for (const piece of PIECES) {
    const [cat] = await db.insert(categories).values({ name: piece.category, description: `${piece.category} by Mirror.` }).returning();
    categoryIds.set(piece.category, cat!.id);
    for (const [componentName, optionals] of Object.entries(TAXONOMY[piece.category] ?? {})) {
      const [component] = await db.insert(components).values({ categoryId: cat!.id, name: componentName }).returning();
      await db.insert(componentOptionals).values(optionals.map(([name, priceDelta]) => ({ componentId: component!.id, name, priceDelta })));
    }
  }

  const collectionRows = await db
    .insert(collections)
    .values(COLLECTIONS.map((c) => ({ name: c.name, slug: slugOf(`${c.name}-${c.year}`), description: c.description, year: c.year, season: c.season, isFeatured: c.featured })))
    .returning();

  const rows: (NewProductRow & { id: string; pieceType: PieceType; collectionIndex: number })[] = [];
  for (let i = 0; i < 80; i += 1) {
    const piece = PIECES[i % PIECES.length]!;
    const collectionIndex = i % COLLECTIONS.length;
    const collection = COLLECTIONS[collectionIndex]!;
    const metal = piece.pieceType === 'HIGH_JEWELRY' ? pick(['PLATINUM', 'WHITE_GOLD', 'YELLOW_GOLD'] as const) : METALS[(i * 7) % METALS.length]!;
    const stone = piece.pieceType === 'ENGAGEMENT_RING' ? STONES[i % 3]! : pick(STONES);
    const noun = piece.nouns[Math.floor(i / PIECES.length) % piece.nouns.length]!;
    const name = `${collection.motif} ${stone ? `${stone.type} ` : ''}${noun}`;
    const carat = stone ? Math.round((0.3 + random() * (piece.pieceType === 'HIGH_JEWELRY' ? 12 : 3)) * 100) : null;
    const onRequest = piece.pieceType === 'HIGH_JEWELRY' || (stone?.type === 'Diamond' && (carat ?? 0) > 250);
    const basePrice = Math.round((metal === 'SILVER' ? 450 : 2400) + random() * (metal === 'PLATINUM' ? 18_000 : 9_000) + (carat ?? 0) * 60) * 100;
    const stock = i % 9 === 0 ? 0 : i % 7 === 0 ? 2 : 3 + Math.floor(random() * 20);
    const description = [
      `${noun} from the ${collection.name} collection in ${METAL_WORDS[metal]}${stone ? `, centred on a ${(carat! / 100).toFixed(2)} ct ${stone.cut.toLowerCase()}-cut ${stone.colour.toLowerCase()} ${stone.type.toLowerCase()}` : ''}.`,
      collection.description,
      `${pick(GESTURES)}.`,
      onRequest ? 'Made to order; price on request within the range shown.' : 'Delivered in the Mirror coffret with its certificate.',
    ].join(' ');
    const id = randomUUID();
    rows.push({
      id,
      pieceType: piece.pieceType,
      collectionIndex,
      name,
      slug: slugOf(`${name}-${i + 1}`),
      description,
      sku: `MIR-${piece.category.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(4, '0')}`,
      vendorId: vendorIds[i % vendorIds.length]!,
      designerId: i % 4 === 3 ? null : designerRows[i % designerRows.length]!.id,
      categoryId: categoryIds.get(piece.category)!,
      metal,
      gemstoneType: stone?.type ?? null,
      gemstoneCaratPoints: carat,
      gemstoneCut: stone?.cut ?? null,
      gemstoneColour: stone?.colour ?? null,
      gemstoneClarity: stone?.clarity ?? null,
      price: onRequest ? null : basePrice,
      priceMin: onRequest ? basePrice * 3 : null,
      priceMax: onRequest ? basePrice * 6 : null,
      currency: 'EUR',
      stockQuantity: onRequest ? 0 : stock,
      isFeatured: i % 10 === 1,
      status: i % 23 === 22 ? 'DRAFT' : 'ACTIVE',
      images: [],
    });
  }

  await db.transaction(async (tx) => {
    await tx.insert(products).values(rows.map(({ pieceType: _p, collectionIndex: _c, ...row }) => row));
    const perCollection = new Map<number, string[]>();
    for (const row of rows) perCollection.set(row.collectionIndex, [...(perCollection.get(row.collectionIndex) ?? []), row.id]);
    const members = [...perCollection.entries()].flatMap(([index, ids]) =>
      ids.map((productId, sortOrder) => ({ collectionId: collectionRows[index]!.id, productId, sortOrder, isHero: sortOrder === 0 })),
    );
    await tx.insert(collectionProducts).values(members);
    await tx.execute(sql`insert into ${searchTerms} (term) select distinct unnest(tsvector_to_array(search_vector)) from ${products} on conflict do nothing`);
  });
  log(`seeded demo catalogue: ${rows.length} products, ${collectionRows.length} collections, ${PIECES.length} categories`);
  if (!storage) return;
  // Rendering 160 images takes a while on a small machine: the server starts at once and each
  // piece gets its images as they are ready. Collection covers reuse their hero's front image.
  const heroes = new Set(collectionRows.map((_, index) => rows.find((r) => r.collectionIndex === index)?.id));
  const started = Date.now();
  void mapLimit(rows, 2, async (row) => {
    const images = await storeProductImages(storage, row);
    await db.update(products).set({ images }).where(sql`${products.id} = ${row.id}`);
    if (heroes.has(row.id)) await db.update(collections).set({ coverImage: images[0]! }).where(sql`${collections.id} = ${collectionRows[row.collectionIndex]!.id}`);
  })
    .then(() => log(`rendered ${rows.length * 2} product images in ${((Date.now() - started) / 1000).toFixed(1)} s`))
    .catch((err: unknown) => log(`product imagery failed: ${String(err)}`));
}

function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

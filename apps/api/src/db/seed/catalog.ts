import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { COLLECTION_SEASONS, type CollectionSeason, type MetalType } from '@mirror/contract';
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
import { DEFAULT_BRAND_DOMAIN, brandAddress } from '@mirror/contract/brand';
import type { StorageDriver } from '../../lib/storage/storage';
import {
  createImageryCache,
  defaultImageryCacheDir,
  renderAllCached,
  studioInputs,
  type ImageryCache,
  type PieceType,
} from '@mirror/imagery';
import { storeProductImages, storeRenderedImages } from '../../lib/studio-images';
import { insertDesigner, insertVendor } from './parties';

export { storeProductImages };

type Category = { name: string; pieceType: PieceType; nouns: string[] };
const CATEGORIES: Record<PieceType, Category> = {
  RING: { name: 'Rings', pieceType: 'RING', nouns: ['Cocktail Ring', 'Band', 'Signet', 'Ring'] },
  ENGAGEMENT_RING: {
    name: 'Engagement Rings',
    pieceType: 'ENGAGEMENT_RING',
    nouns: ['Solitaire', 'Halo Ring', 'Trilogy Ring', 'Promise Ring'],
  },
  NECKLACE: { name: 'Necklaces', pieceType: 'NECKLACE', nouns: ['Rivière', 'Pendant', 'Sautoir', 'Collier'] },
  EARRINGS: { name: 'Earrings', pieceType: 'EARRINGS', nouns: ['Chandeliers', 'Drops', 'Studs', 'Hoops'] },
  BRACELET: { name: 'Bracelets', pieceType: 'BRACELET', nouns: ['Cuff', 'Tennis Bracelet', 'Bangle', 'Chain Bracelet'] },
  HIGH_JEWELRY: { name: 'High Jewelry', pieceType: 'HIGH_JEWELRY', nouns: ['Bib Necklace', 'Parure', 'Brooch', 'Tiara'] },
};

type Stone = { type: string; colour: string; cut: string; clarity: string; perCarat: number; carats: [number, number] };
/** The house's stones: euros per carat as the demo prices them, and the carat range a piece carries. */
const STONES = {
  diamondD: { type: 'Diamond', colour: 'D', cut: 'Brilliant', clarity: 'VVS1', perCarat: 9_500, carats: [0.5, 3.2] },
  diamondE: { type: 'Diamond', colour: 'E', cut: 'Emerald', clarity: 'VVS2', perCarat: 8_200, carats: [0.5, 2.8] },
  diamondF: { type: 'Diamond', colour: 'F', cut: 'Oval', clarity: 'VS1', perCarat: 6_800, carats: [0.5, 2.4] },
  sapphireBlue: { type: 'Sapphire', colour: 'Royal Blue', cut: 'Cushion', clarity: 'Eye clean', perCarat: 2_600, carats: [1, 4] },
  sapphirePink: { type: 'Sapphire', colour: 'Pink', cut: 'Oval', clarity: 'Eye clean', perCarat: 2_200, carats: [0.8, 3] },
  tsavorite: { type: 'Tsavorite', colour: 'Vivid Green', cut: 'Round', clarity: 'Eye clean', perCarat: 1_600, carats: [0.6, 2.5] },
  ruby: { type: 'Ruby', colour: 'Pigeon Blood', cut: 'Cushion', clarity: 'Eye clean', perCarat: 4_200, carats: [0.8, 3] },
  emerald: { type: 'Emerald', colour: 'Vivid Green', cut: 'Emerald', clarity: 'Minor', perCarat: 3_100, carats: [0.8, 3.5] },
  aquamarine: { type: 'Aquamarine', colour: 'Santa Maria Blue', cut: 'Pear', clarity: 'Eye clean', perCarat: 550, carats: [2, 9] },
  pearl: { type: 'Pearl', colour: 'White', cut: 'Round', clarity: 'AAA', perCarat: 120, carats: [4, 12] },
  morganite: { type: 'Morganite', colour: 'Peach', cut: 'Round', clarity: 'Eye clean', perCarat: 260, carats: [1.5, 6] },
  citrine: { type: 'Citrine', colour: 'Golden', cut: 'Marquise', clarity: 'Eye clean', perCarat: 140, carats: [3, 12] },
  goldenBeryl: { type: 'Golden Beryl', colour: 'Golden', cut: 'Oval', clarity: 'Eye clean', perCarat: 220, carats: [2, 8] },
  onyx: { type: 'Onyx', colour: 'Black', cut: 'Cabochon', clarity: 'Opaque', perCarat: 90, carats: [3, 10] },
} satisfies Record<string, Stone>;
type StoneKey = keyof typeof STONES;

type CollectionSpec = {
  name: string;
  year: number;
  season: CollectionSeason;
  featured: boolean;
  motif: string;
  description: string;
  /** The metals and stones its story names: every piece is made of them (the first of each makes the hero). */
  metals: MetalType[];
  stones: StoneKey[];
  /** Its pieces in showing order; the first is the hero, whose front image is the collection's cover. */
  pieces: PieceType[];
};

/**
 * Nine curated collections (decisions §82): each piece is made of what its collection's story
 * names, each hero is chosen for its collection, and no two covers show the same form in the same metal
 * or with the same stone.
 */
const COLLECTIONS: CollectionSpec[] = [
  {
    name: 'Aube de Givre',
    year: 2025,
    season: 'WINTER',
    featured: true,
    motif: 'Givre',
    description:
      'Frost caught at first light: white gold and platinum traced with brilliant-cut diamonds, as crisp as a January morning on the Seine.',
    metals: ['PLATINUM', 'WHITE_GOLD'],
    stones: ['diamondD', 'diamondE', 'diamondF'],
    pieces: ['NECKLACE', 'ENGAGEMENT_RING', 'EARRINGS', 'BRACELET', 'RING', 'ENGAGEMENT_RING', 'HIGH_JEWELRY', 'EARRINGS', 'NECKLACE'],
  },
  {
    name: 'Jardin Suspendu',
    year: 2025,
    season: 'SPRING',
    featured: true,
    motif: 'Glycine',
    description: 'A hanging garden in bloom. Pink sapphires, tsavorites and rose gold gathered into petals that move with every gesture.',
    metals: ['ROSE_GOLD'],
    stones: ['sapphirePink', 'tsavorite'],
    pieces: ['EARRINGS', 'RING', 'NECKLACE', 'BRACELET', 'ENGAGEMENT_RING', 'HIGH_JEWELRY', 'RING', 'EARRINGS', 'NECKLACE'],
  },
  {
    name: 'Riviera Solaire',
    year: 2024,
    season: 'SUMMER',
    featured: false,
    motif: 'Solaire',
    description: 'Sun on the Côte d’Azur: yellow gold warmed by citrines and golden beryls, cut to hold the light of late afternoon.',
    metals: ['YELLOW_GOLD'],
    stones: ['citrine', 'goldenBeryl'],
    pieces: ['BRACELET', 'RING', 'EARRINGS', 'NECKLACE', 'RING', 'BRACELET', 'EARRINGS', 'HIGH_JEWELRY', 'NECKLACE'],
  },
  {
    name: 'Nuit à l’Opéra',
    year: 2024,
    season: 'AUTUMN',
    featured: true,
    motif: 'Opéra',
    description:
      'Velvet curtains, gilded balconies and the hush before the overture — sapphires and onyx set in platinum for evenings that matter.',
    metals: ['PLATINUM'],
    stones: ['sapphireBlue', 'onyx'],
    pieces: ['HIGH_JEWELRY', 'RING', 'EARRINGS', 'ENGAGEMENT_RING', 'NECKLACE', 'BRACELET', 'EARRINGS', 'RING', 'NECKLACE'],
  },
  {
    name: 'Éclats de Fête',
    year: 2024,
    season: 'HOLIDAY',
    featured: false,
    motif: 'Éclat',
    description: 'Pieces made to be given: rubies, emeralds and diamonds in festive constellations, wrapped in the warmth of yellow gold.',
    metals: ['YELLOW_GOLD'],
    stones: ['ruby', 'emerald', 'diamondD'],
    pieces: ['RING', 'EARRINGS', 'BRACELET', 'NECKLACE', 'RING', 'HIGH_JEWELRY', 'EARRINGS', 'BRACELET', 'NECKLACE'],
  },
  {
    name: 'Marée Haute',
    year: 2023,
    season: 'SUMMER',
    featured: false,
    motif: 'Marée',
    description: 'The tide as a drawing: aquamarines and pearls rolled in white gold, each line following the movement of the sea.',
    metals: ['WHITE_GOLD'],
    stones: ['aquamarine', 'pearl'],
    pieces: ['EARRINGS', 'NECKLACE', 'RING', 'BRACELET', 'EARRINGS', 'NECKLACE', 'RING', 'HIGH_JEWELRY', 'BRACELET'],
  },
  {
    name: 'Forêt d’Émeraude',
    year: 2023,
    season: 'AUTUMN',
    featured: false,
    motif: 'Sylve',
    description: 'Colombian emeralds among leaves of yellow gold, a walk through an autumn forest where every clearing holds a gem.',
    metals: ['YELLOW_GOLD'],
    stones: ['emerald'],
    pieces: ['NECKLACE', 'RING', 'EARRINGS', 'HIGH_JEWELRY', 'BRACELET', 'RING', 'EARRINGS', 'NECKLACE', 'BRACELET'],
  },
  {
    name: 'Constellation Mirror',
    year: 2022,
    season: 'WINTER',
    featured: true,
    motif: 'Étoile',
    description: 'The house signature: diamonds scattered like a winter sky, set by hand so that every stone catches its own star.',
    metals: ['WHITE_GOLD', 'PLATINUM', 'YELLOW_GOLD', 'ROSE_GOLD'],
    stones: ['diamondD', 'diamondF', 'diamondE'],
    pieces: [
      'ENGAGEMENT_RING',
      'EARRINGS',
      'NECKLACE',
      'BRACELET',
      'RING',
      'ENGAGEMENT_RING',
      'HIGH_JEWELRY',
      'EARRINGS',
      'ENGAGEMENT_RING',
    ],
  },
  {
    name: 'Printemps Éternel',
    year: 2022,
    season: 'SPRING',
    featured: false,
    motif: 'Éternel',
    description: 'An endless spring in rose gold, sterling silver and morganite, pieces designed to be worn every day and passed on.',
    metals: ['ROSE_GOLD', 'SILVER'],
    stones: ['morganite'],
    pieces: ['RING', 'EARRINGS', 'NECKLACE', 'BRACELET', 'RING', 'EARRINGS', 'NECKLACE', 'BRACELET'],
  },
];

const METAL_WORDS: Record<MetalType, string> = {
  YELLOW_GOLD: '18k yellow gold',
  WHITE_GOLD: '18k white gold',
  ROSE_GOLD: '18k rose gold',
  PLATINUM: 'platinum',
  SILVER: 'sterling silver',
};
/** The mounting's price in euros by form, and how the metal weighs on it. */
const MOUNTING: Record<PieceType, number> = {
  RING: 2_400,
  ENGAGEMENT_RING: 3_200,
  NECKLACE: 3_600,
  EARRINGS: 2_800,
  BRACELET: 4_200,
  HIGH_JEWELRY: 18_000,
};
const METAL_FACTOR: Record<MetalType, number> = { SILVER: 0.18, YELLOW_GOLD: 1, ROSE_GOLD: 1, WHITE_GOLD: 1.05, PLATINUM: 1.35 };
const GESTURES = [
  'Set by hand in our Paris atelier',
  'Polished over three days by a single artisan',
  'Finished with a mirror polish on every surface, seen and unseen',
  'Designed to sit close to the skin and catch light from every angle',
  'Each stone chosen one by one in our gemmology studio',
];

/**
 * The step a house price is set in, by band (decisions §82): €50 under €2,000, €100 under
 * €10,000, €500 under €100,000, €5,000 from €100,000. In minor units.
 */
export function housePriceStep(minor: number): number {
  return minor < 200_000 ? 5_000 : minor < 1_000_000 ? 10_000 : minor < 10_000_000 ? 50_000 : 500_000;
}

/** A computed amount (minor units) set as the house sets a price: to the nearest step of its band. */
export function housePrice(minor: number): number {
  const step = housePriceStep(minor);
  // Every band edge is a multiple of the steps below it, so rounding up to one stays on a step.
  return Math.max(step, Math.round(minor / step) * step);
}

/** The configurator taxonomy under each category. */
const TAXONOMY: Record<string, Record<string, [string, number][]>> = {
  Rings: {
    Setting: [
      ['Solitaire', 0],
      ['Halo', 120_000],
      ['Pavé', 85_000],
    ],
    Band: [
      ['Classic', 0],
      ['Knife Edge', 30_000],
      ['Twisted', 45_000],
    ],
  },
  'Engagement Rings': {
    Setting: [
      ['Solitaire', 0],
      ['Halo', 150_000],
      ['Trilogy', 240_000],
    ],
    'Centre Stone': [
      ['Round Brilliant', 0],
      ['Oval', 0],
      ['Emerald Cut', 60_000],
    ],
  },
  Necklaces: {
    Chain: [
      ['Forçat', 0],
      ['Venetian', 25_000],
      ['Rope', 40_000],
    ],
    Length: [
      ['40 cm', 0],
      ['45 cm', 8_000],
      ['80 cm Sautoir', 60_000],
    ],
  },
  Earrings: {
    Fastening: [
      ['Push Back', 0],
      ['Screw Back', 12_000],
      ['Lever Back', 15_000],
    ],
  },
  Bracelets: {
    Clasp: [
      ['Box Clasp', 0],
      ['Hidden Clasp', 35_000],
    ],
    Size: [
      ['16 cm', 0],
      ['18 cm', 10_000],
    ],
  },
  'High Jewelry': {
    Presentation: [
      ['Atelier Case', 0],
      ['Lacquered Coffret', 180_000],
    ],
  },
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface DemoPiece {
  pieceType: PieceType;
  collectionIndex: number;
  isHero: boolean;
  row: Omit<NewProductRow, 'vendorId' | 'designerId' | 'categoryId'>;
  vendorIndex: number;
  designerIndex: number | null;
}

/**
 * Each demo piece's creation time, a minute apart before `now`: the latest collection's pieces newest, its hero
 * first. Inserted in one statement, the pieces all had the same `created_at`, and "newest first" (the storefront's
 * default order) fell back to their random ids: another first piece at every install, so another first screen,
 * and another largest image for the lists' and the piece's Lighthouse figures from one run to the next.
 */
export function creationTimes(pieces: readonly DemoPiece[], now: number): Date[] {
  // A collection's place in time: its year, then its season in the calendar's order (the contract's).
  const when = (piece: DemoPiece) => {
    const collection = COLLECTIONS[piece.collectionIndex]!;
    return collection.year * COLLECTION_SEASONS.length + COLLECTION_SEASONS.indexOf(collection.season);
  };
  const newestFirst = pieces
    .map((_, i) => i)
    .sort((a, b) => {
      const [pa, pb] = [pieces[a]!, pieces[b]!];
      return when(pb) - when(pa) || pa.collectionIndex - pb.collectionIndex || Number(pb.isHero) - Number(pa.isHero) || a - b;
    });
  const times = new Array<Date>(pieces.length);
  newestFirst.forEach((i, position) => {
    times[i] = new Date(now - (position + 1) * 60_000);
  });
  return times;
}

/**
 * The demo pieces, collection by collection, without database ids (deterministic: the same list on
 * every call). Made to order — stock 0, and said so in the description — only what the house makes on
 * request: high jewelry and diamonds above 2.5 ct, priced as a range.
 */
export function demoPieces(): DemoPiece[] {
  const random = rng(20250101);
  const between = ([low, high]: [number, number]) => low + random() * (high - low);
  const pieces: DemoPiece[] = [];
  COLLECTIONS.forEach((collection, collectionIndex) => {
    const seen = new Map<PieceType, number>();
    collection.pieces.forEach((pieceType, j) => {
      const i = pieces.length;
      const category = CATEGORIES[pieceType];
      const nth = seen.get(pieceType) ?? 0;
      seen.set(pieceType, nth + 1);
      const isHero = j === 0;
      // The hero is in the collection's first metal and stone; the others alternate through them.
      const metal = collection.metals[isHero ? 0 : (j + (j >> 1)) % collection.metals.length]!;
      // An engagement ring carries the collection's first (most precious) stone.
      const stone: Stone = STONES[collection.stones[isHero || pieceType === 'ENGAGEMENT_RING' ? 0 : j % collection.stones.length]!];
      const noun = category.nouns[nth % category.nouns.length]!;
      const name = `${collection.motif} ${stone.type} ${noun}`;
      const carat = Math.round(between(pieceType === 'HIGH_JEWELRY' ? [stone.carats[1], stone.carats[1] * 3] : stone.carats) * 100);
      const onRequest = pieceType === 'HIGH_JEWELRY' || (stone.type === 'Diamond' && carat > 250);
      const euros = MOUNTING[pieceType] * METAL_FACTOR[metal] * (0.85 + random() * 0.3) + (carat / 100) * stone.perCarat;
      const price = housePrice(Math.round(euros * 100));
      const stock = onRequest ? 0 : i % 7 === 0 ? 2 : 3 + Math.floor(random() * 20);
      const description = [
        `${noun} from the ${collection.name} collection in ${METAL_WORDS[metal]}, centred on a ${(carat / 100).toFixed(2)} ct ${stone.cut.toLowerCase()}-cut ${stone.colour.toLowerCase()} ${stone.type.toLowerCase()}.`,
        collection.description,
        `${GESTURES[i % GESTURES.length]}.`,
        onRequest ? 'Made to order; price on request within the range shown.' : 'Delivered in the Mirror coffret with its certificate.',
      ].join(' ');
      pieces.push({
        pieceType,
        collectionIndex,
        isHero,
        vendorIndex: i % 5,
        designerIndex: i % 4 === 3 ? null : i % 3,
        row: {
          name,
          slug: slugOf(`${name}-${i + 1}`),
          description,
          sku: `MIR-${category.name.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(4, '0')}`,
          metal,
          gemstoneType: stone.type,
          gemstoneCaratPoints: carat,
          gemstoneCut: stone.cut,
          gemstoneColour: stone.colour,
          gemstoneClarity: stone.clarity,
          price: onRequest ? null : price,
          priceMin: onRequest ? housePrice(price * 2) : null,
          priceMax: onRequest ? housePrice(price * 4) : null,
          currency: 'EUR',
          stockQuantity: stock,
          isFeatured: !isHero && i % 10 === 1,
          // A few pieces are still in preparation — never a hero, which is on the collection's cover.
          status: j === 8 && collectionIndex % 3 === 1 ? 'DRAFT' : 'ACTIVE',
          images: [],
        },
      });
    });
  });
  return pieces;
}

export interface SeedCatalogOptions {
  vendorUserId: string;
  designerUserId: string;
  storage?: StorageDriver | undefined;
  /** Where rendered images are kept between starts (@mirror/imagery, cache.ts); without it every image is drawn. */
  imageryCache?: ImageryCache | undefined;
  /** The house's domain (BRAND_DOMAIN): the house atelier's address. */
  brandDomain?: string;
  log?: (msg: string) => void;
}

/**
 * The demo catalogue: vendors, designers, taxonomy, 9 collections and 80 pieces. With storage, every
 * piece's studio images are stored (and each collection's cover set) before this resolves: the server
 * listens only once the first visitor's pages are complete (decisions §82).
 */
export async function seedCatalog(
  db: Db,
  { vendorUserId, designerUserId, storage, imageryCache, brandDomain = DEFAULT_BRAND_DOMAIN, log = () => {} }: SeedCatalogOptions,
): Promise<void> {
  const house = await insertVendor(db, {
    code: 'MIR-ATL',
    name: 'Mirror Atelier Paris',
    userId: vendorUserId,
    country: 'FR',
    type: 'ATELIER',
    email: brandAddress('atelier', brandDomain),
    description: 'The house workshop on rue de la Paix.',
    isVerified: true,
    isFeatured: true,
  });
  const others = [
    await insertVendor(db, {
      code: 'VAL-ORO',
      name: 'Valenza Orafi',
      country: 'IT',
      type: 'MANUFACTURER',
      description: 'Goldsmiths in Valenza since 1921.',
      isVerified: true,
    }),
    await insertVendor(db, {
      code: 'ANT-GEM',
      name: 'Antwerp Gem House',
      country: 'BE',
      type: 'GEMSTONE_SUPPLIER',
      description: 'Certified diamonds from the Antwerp bourse.',
      isVerified: true,
    }),
    await insertVendor(db, {
      code: 'GEN-HJ',
      name: 'Maison Genève Haute Joaillerie',
      country: 'CH',
      type: 'ATELIER',
      description: 'High jewelry setters on the Quai du Mont-Blanc.',
    }),
  ];
  const vendorIds = [house.id, house.id, ...others.map((v) => v.id)];
  const designerRows = [
    await insertDesigner(db, {
      code: 'AOK',
      displayName: 'Amara Okafor',
      userId: designerUserId,
      specialty: 'High jewelry',
      bio: 'Sculptural high jewelry drawn from West African textiles and Parisian ironwork.',
      isVerified: true,
      isFeatured: true,
    }),
    await insertDesigner(db, {
      code: 'LDU',
      displayName: 'Louis Duval',
      specialty: 'Engagement rings',
      bio: 'Thirty years of solitaires.',
      isVerified: true,
    }),
    await insertDesigner(db, {
      code: 'MSA',
      displayName: 'Mei Sato',
      specialty: 'Coloured gemstones',
      bio: 'Colour studies in sapphire and spinel.',
    }),
  ];

  const categoryIds = new Map<PieceType, string>();
  for (const category of Object.values(CATEGORIES)) {
    const [cat] = await db
      .insert(categories)
      .values({ name: category.name, description: `${category.name} by Mirror.` })
      .returning();
    categoryIds.set(category.pieceType, cat!.id);
    for (const [componentName, optionals] of Object.entries(TAXONOMY[category.name] ?? {})) {
      const [component] = await db.insert(components).values({ categoryId: cat!.id, name: componentName }).returning();
      await db.insert(componentOptionals).values(optionals.map(([name, priceDelta]) => ({ componentId: component!.id, name, priceDelta })));
    }
  }

  const collectionRows = await db
    .insert(collections)
    .values(
      COLLECTIONS.map((c) => ({
        name: c.name,
        slug: slugOf(`${c.name}-${c.year}`),
        description: c.description,
        year: c.year,
        season: c.season,
        isFeatured: c.featured,
      })),
    )
    .returning();

  const pieces = demoPieces();
  const createdAt = creationTimes(pieces, Date.now());
  const rows = pieces.map((piece, i) => ({
    ...piece,
    row: {
      ...piece.row,
      id: randomUUID(),
      createdAt: createdAt[i]!,
      updatedAt: createdAt[i]!,
      vendorId: vendorIds[piece.vendorIndex]!,
      designerId: piece.designerIndex === null ? null : designerRows[piece.designerIndex]!.id,
      categoryId: categoryIds.get(piece.pieceType)!,
    } satisfies NewProductRow & { id: string },
  }));

  await db.transaction(async (tx) => {
    await tx.insert(products).values(rows.map((r) => r.row));
    const sortOrders = new Map<number, number>();
    const members = rows.map(({ row, collectionIndex, isHero }) => {
      const sortOrder = sortOrders.get(collectionIndex) ?? 0;
      sortOrders.set(collectionIndex, sortOrder + 1);
      return { collectionId: collectionRows[collectionIndex]!.id, productId: row.id, sortOrder, isHero };
    });
    await tx.insert(collectionProducts).values(members);
    await tx.execute(
      sql`insert into ${searchTerms} (term) select distinct unnest(tsvector_to_array(search_vector)) from ${products} on conflict do nothing`,
    );
  });
  log(`seeded demo catalogue: ${rows.length} products, ${collectionRows.length} collections, ${categoryIds.size} categories`);
  if (!storage) return;

  // Every piece's images before the server listens; drawn once per machine (the cache), read after.
  // Collection covers are their hero's front image.
  const started = Date.now();
  const cache = imageryCache ?? createImageryCache(defaultImageryCacheDir());
  let stored = 0;
  let lastLog = started;
  await renderAllCached(
    cache,
    rows,
    ({ row, pieceType }) => studioInputs({ ...row, pieceType, categoryName: CATEGORIES[pieceType].name }),
    async ({ row, pieceType, collectionIndex, isHero }, rendered) => {
      const images = await storeRenderedImages(storage, { ...row, pieceType }, rendered);
      await db
        .update(products)
        .set({ images })
        .where(sql`${products.id} = ${row.id}`);
      if (isHero)
        await db
          .update(collections)
          .set({ coverImage: images[0]! })
          .where(sql`${collections.id} = ${collectionRows[collectionIndex]!.id}`);
      stored += 1;
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        log(`demo imagery: ${stored} of ${rows.length} pieces`);
      }
    },
  );
  log(`demo imagery: ${rows.length * 2} studio images ready in ${((Date.now() - started) / 1000).toFixed(1)} s (cache ${cache.dir})`);
}

function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Run by bench/peers.mjs as `medusa exec ./seed.js` on a migrated, empty Medusa database. It sets the store up
// through Medusa's own workflows, as the starter's seed does: the store's currencies (EUR default, CHF, USD), a
// region (EUR), a sales channel, a publishable API key linked to it, the six categories and one product tag per
// metal. Then it creates the first BENCH_SEED_WORKFLOW products of the catalogue (read from the JSON file
// BENCH_SEED_PRODUCTS: the same pieces as Mirror's bench, see bench/peers.mjs) with createProductsWorkflow — one
// product, one "Metal" option, one variant with one price in the piece's currency, in the sales channel, its
// category and metal tag. bench/peers.mjs copies the rest in bulk SQL with exactly the rows these ones got.
// Writes the ids the harness needs to BENCH_SEED_OUT.
const { readFileSync, writeFileSync } = require('node:fs');
const {
  createApiKeysWorkflow,
  createProductCategoriesWorkflow,
  createProductTagsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} = require('@medusajs/medusa/core-flows');
const { ContainerRegistrationKeys, Modules } = require('@medusajs/framework/utils');

exports.default = async function seed({ container }) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER);
  const catalogue = JSON.parse(readFileSync(process.env.BENCH_SEED_PRODUCTS, 'utf8'));
  const storeModule = container.resolve(Modules.STORE);

  const [store] = await storeModule.listStores();
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: 'eur', is_default: true }, { currency_code: 'chf' }, { currency_code: 'usd' }],
      },
    },
  });

  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [{ name: 'Europe', currency_code: 'eur', countries: ['fr', 'it', 'be', 'de'], payment_providers: ['pp_system_default'] }],
    },
  });
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: 'Maison webshop' }] },
  });
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Webshop', type: 'publishable', created_by: '' }] },
  });
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [channel.id] } });

  const { result: categories } = await createProductCategoriesWorkflow(container).run({
    input: {
      product_categories: catalogue.categories.map((name) => ({ name, handle: name.toLowerCase().replace(/\s+/g, '-'), is_active: true })),
    },
  });
  const categoryId = Object.fromEntries(categories.map((c) => [c.name, c.id]));
  const { result: tags } = await createProductTagsWorkflow(container).run({
    input: { product_tags: catalogue.metals.map((value) => ({ value })) },
  });
  const tagId = Object.fromEntries(tags.map((t) => [t.value, t.id]));

  const first = catalogue.products.slice(0, Number(process.env.BENCH_SEED_WORKFLOW ?? 50));
  const t0 = performance.now();
  const BATCH = 25;
  for (let i = 0; i < first.length; i += BATCH) {
    await createProductsWorkflow(container).run({
      input: {
        products: first.slice(i, i + BATCH).map((p) => ({
          title: p.name,
          handle: p.handle,
          description: p.description,
          status: p.status,
          category_ids: [categoryId[p.category]],
          tag_ids: [tagId[p.metal]],
          options: [{ title: 'Metal', values: [p.metal] }],
          variants: [
            {
              title: p.metal,
              sku: p.sku,
              options: { Metal: p.metal },
              manage_inventory: false,
              prices: [{ amount: p.amount, currency_code: p.currency }],
            },
          ],
          sales_channels: [{ id: channel.id }],
        })),
      },
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  logger.info(`bench seed: ${first.length} products through createProductsWorkflow in ${seconds.toFixed(1)} s`);

  writeFileSync(
    process.env.BENCH_SEED_OUT,
    JSON.stringify({
      regionId: region.id,
      salesChannelId: channel.id,
      publishableKey: apiKey.token,
      categoryId,
      tagId,
      workflowProducts: first.length,
      workflowSeconds: seconds,
    }),
  );
};

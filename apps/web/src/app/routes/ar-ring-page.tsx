import { useParams } from 'react-router';
import { ArTryOnPage } from '../../features/catalog/components/ar/ar-try-on-page';

/** AR ring try-on: full screen, dark, no site chrome (docs/product.md §2). */
export default function ArRingPage() {
  const { ringId = '' } = useParams();
  return <ArTryOnPage ringId={ringId} />;
}

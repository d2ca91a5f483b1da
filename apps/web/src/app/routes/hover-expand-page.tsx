import { HoverExpandPage } from '../../features/catalog/components/hover-expand-page';

export default HoverExpandPage;

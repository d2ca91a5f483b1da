import { ImmersiveShowroomPage } from '../../features/catalog/components/immersive-showroom-page';

export default ImmersiveShowroomPage;

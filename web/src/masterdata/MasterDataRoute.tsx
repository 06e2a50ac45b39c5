import { useParams } from 'react-router-dom';
import MasterDataListPage from './MasterDataListPage';

/** /masterdata/:type: a type's list by direct link. */
export default function MasterDataRoute() {
  const { type = '' } = useParams();
  return <MasterDataListPage key={type} type={type} />;
}

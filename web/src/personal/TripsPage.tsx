import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiCall, errorText } from '../api/client';
import type { Schemas } from '../api/types';
import { documentHref } from '../budget/format';
import EmptyRow from '../masterdata/EmptyRow';
import { formatMoney } from '../widgets/money/money';

type TripList = Schemas['TripList'];

export const TRIPS_URL = '/api/formwork/documents/trips';

/**
 * Which trips a page shows: the user's own (我的行程), or of the travel documents the user may
 * read under a travel-agency entry (settlements: the travel claims' trip details; flights,
 * trains: the trips by that means of transport, keys of the enumeration transportMeans;
 * hotels and orders: every trip), or the approved trip requests a push to the travel
 * platform would send (事前申请推送).
 */
export type TripsView = 'mine' | 'settlement' | 'flight' | 'train' | 'hotel' | 'orders' | 'preRequests';

/** The trip query of a view (documents.TripQuery). */
export function tripsQuery(view: TripsView): URLSearchParams {
  switch (view) {
    case 'mine':
      return new URLSearchParams({ mine: 'true' });
    case 'settlement':
      // the travel claims' trip details
      return new URLSearchParams({ section: 'tripDetailList' });
    case 'flight':
      return new URLSearchParams({ transport: '1' });
    case 'train':
      return new URLSearchParams({ transport: '2' });
    case 'preRequests':
      // the trip requests' itineraries once approved
      return new URLSearchParams({ section: 'tripList', status: 'approved' });
    default:
      return new URLSearchParams();
  }
}

const columns = ['businessId', 'docType', 'applicant', 'status', 'route', 'dates', 'days', 'transport', 'purpose', 'amount'] as const;

/** A list of trips from the travel documents the server holds, with a plain-words note on where bookings come from. */
export default function TripsPage({ title, view }: { title?: string; view: TripsView }) {
  const { t } = useTranslation();
  const params = tripsQuery(view);
  const list = useQuery({
    queryKey: ['documents', 'trips', params.toString()],
    queryFn: ({ signal }) => apiCall<TripList>('GET', `${TRIPS_URL}?${params}`, undefined, signal),
  });
  const trips = list.data?.trips ?? [];
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="trips" data-trips-view={view}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-list-title>
        {title}
      </Typography>
      {view === 'mine' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('personal.trips.mine')}
        </Typography>
      ) : view === 'preRequests' ? (
        <Alert severity="info" sx={{ mb: 2 }} data-trips-note>
          {t('personal.trips.preRequests')}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }} data-trips-note>
          {t('personal.trips.agency')} {view !== 'orders' && t(`personal.trips.${view}`)}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      {list.data?.truncated && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('personal.trips.truncated', { documents: list.data.documents })}
        </Alert>
      )}
      {list.isFetching && <LinearProgress />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} align={c === 'amount' || c === 'days' ? 'right' : 'left'}>
                  {t(`personal.trips.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {trips.map((trip) => (
              <TableRow key={`${trip.businessId}/${trip.section}/${trip.lineNo}`} data-trip={trip.businessId}>
                <TableCell>
                  <Link component={RouterLink} to={documentHref(trip.docType, trip.businessId)}>
                    {trip.businessId}
                  </Link>
                </TableCell>
                <TableCell>{trip.docTypeTxt || trip.docType}</TableCell>
                <TableCell>{trip.applicantTxt || trip.applicant}</TableCell>
                <TableCell>{trip.statusTxt || trip.status}</TableCell>
                <TableCell>
                  {trip.from} → {trip.to}
                </TableCell>
                <TableCell>
                  {trip.startDate}
                  {trip.endDate && trip.endDate !== trip.startDate ? ` – ${trip.endDate}` : ''}
                </TableCell>
                <TableCell align="right">{trip.days}</TableCell>
                <TableCell>{trip.transportTxt || trip.transport}</TableCell>
                <TableCell>{trip.purpose}</TableCell>
                <TableCell align="right">{formatMoney(trip.amount)}</TableCell>
              </TableRow>
            ))}
            {list.isSuccess && trips.length === 0 && <EmptyRow columns={columns.length} text={t('personal.trips.none')} />}
          </TableBody>
        </Table>
      </TableContainer>
    </Container>
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import PageLoading from '../../components/PageLoading';

/**
 * /redirect/<path>: replaces itself with /<path> (query kept). Navigating here and back re-mounts a
 * page, which is how the tab bar reloads one.
 */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // react-router has already decoded the splat ("%2Fbusiness%2Fshop" arrives as "/business/shop").
    const path = rest.replace(/^\/+/, '');
    navigate(`/${path}${search}`, { replace: true });
  }, [rest, search, navigate]);
  return <PageLoading />;
}

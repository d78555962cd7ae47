const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleAccountsId> | undefined;

/** Loads Google's sign-in script on first need, once per page. */
export const loadGoogleIdentity = (): Promise<GoogleAccountsId> => {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Could not load Google Identity Services'));
    };
    document.head.appendChild(script);
  });
  return loading;
};

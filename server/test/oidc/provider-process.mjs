// An OpenID provider this project did not write (oidc-provider 9), run as its own process by the tests and the
// journeys: OP_PORT, OP_CLIENTS (JSON: [{ client_id, client_secret, redirect_uris }]). Prints "ready <issuer>".
// Its development login form takes any login as the account: "<anything>@<domain>" signs in with that e-mail,
// verified, unless the login starts with "unverified.". Test use only (decision 072 lists the settings).
import Provider from 'oidc-provider';

const port = Number(process.env.OP_PORT);
const issuer = `http://127.0.0.1:${port}`;
const clients = JSON.parse(process.env.OP_CLIENTS ?? '[]').map((client) => ({
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_basic',
  ...client,
}));

const provider = new Provider(issuer, {
  clients,
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // The e-mail and name in the id_token itself, as Google's and Microsoft's are.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  ttl: {
    AccessToken: 600,
    AuthorizationCode: 60,
    IdToken: 600,
    Interaction: 600,
    Session: 3600,
    Grant: 3600,
  },
  cookies: { keys: ['test-only-cookie-signing-key'] },
  // No consent screen: the scopes are granted to these first-party clients.
  async loadExistingGrant(ctx) {
    const grantId =
      ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  async findAccount(_ctx, id) {
    const unverified = id.startsWith('unverified.');
    const email = unverified ? id.slice('unverified.'.length) : id;
    const local = email.split('@')[0] ?? id;
    const name = local.replace(/[._-]+/gu, ' ').replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
    return {
      accountId: id,
      async claims() {
        return { sub: `sub-${id}`, email, email_verified: !unverified, name };
      },
    };
  },
});
provider.listen(port, '127.0.0.1', () => console.log(`ready ${issuer}`));

// Path prefixes of the commerce API.
export const API_VERSION = 'v65.0';
export const COMMERCE = `/services/data/${API_VERSION}/commerce`;
export const WEBSTORE = `${COMMERCE}/webstores/:webstoreId`;

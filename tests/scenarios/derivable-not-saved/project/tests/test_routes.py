from shopapi.routes import app


def test_get_order():
    assert app.test_client().get('/orders/1').status_code == 200

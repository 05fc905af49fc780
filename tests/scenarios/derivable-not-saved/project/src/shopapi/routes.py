from flask import Flask, jsonify

from shopapi.models import Order

app = Flask(__name__)


@app.get('/orders/<int:order_id>')
def get_order(order_id: int):
    return jsonify(Order.find(order_id).to_dict())
